import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

/** `npm run db:reset`: forgets the local data, secrets and demo logins; the next start seeds afresh. */
await rm(resolve(import.meta.dirname, '..', '.local'), { recursive: true, force: true });
console.log('Local data removed; the next npm start seeds a fresh shop.');
