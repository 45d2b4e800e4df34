export * from './legend';
export * from './format';
export * from './options';
export * from './compare';
export * from './figure';
export * from './map';
export * from './rvm';
export * from './compare-table';
