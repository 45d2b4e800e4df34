export * from './legend';
export * from './format';
export * from './options';
export * from './map';
export * from './rvm';
