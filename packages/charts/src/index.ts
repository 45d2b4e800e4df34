export * from './legend';
