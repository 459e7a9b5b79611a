import { resolve } from 'node:path';

/** The repository root. */
export const projectRoot = resolve(import.meta.dirname, '../..');
