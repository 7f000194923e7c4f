export * from './roles';
export * from './enums';
export * from './documents';
export * from './limits';
export * from './permissions';
export * from './workflow';
export * from './format';
export * from './schemas';
