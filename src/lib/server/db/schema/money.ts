import { bigint } from 'drizzle-orm/pg-core';

/** VND amounts: bigint in the database, bigint in TypeScript, decimal strings on the wire. */
export const money = (name: string) => bigint(name, { mode: 'bigint' });
