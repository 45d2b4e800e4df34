export * from './common';
export * from './geo';
