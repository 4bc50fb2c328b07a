/**
 * What every feature's configuration file is made of: the zod building blocks
 * for environment strings, and `setting()`, which attaches the README's words
 * to a variable's schema so the README's configuration table is generated from
 * the schemas themselves (scripts/write-config-table.ts; a unit test fails when
 * the README is stale).
 */
import { z } from 'zod';

/** `true/false`, `1/0` or `yes/no`, as operators write them. */
export const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const positiveInt = z.coerce.number().int().positive();

export const secret = z.string().min(32, 'must be at least 32 characters');

export interface SettingDoc {
	/** The README's "Meaning" column. */
	meaning: string;
	/** The README's "Default" column when the parsed default says too little (unset, generated, per mode). */
	shown?: string;
}

/** The README words of every setting, kept beside its schema. */
export const settingDocs = z.registry<SettingDoc>();

export function setting<T extends z.ZodType>(schema: T, meaning: string, shown?: string): T {
	settingDocs.add(schema, shown === undefined ? { meaning } : { meaning, shown });
	return schema;
}

/** A feature's variables: environment name → documented schema. */
export type Variables = z.ZodRawShape;

/** What a feature's variables parse to (optional ones may be absent). */
export type EnvOf<V extends Variables> = z.output<z.ZodObject<V>>;

/** A feature's variables under the heading the README gives them. */
export interface FeatureVariables {
	title: string;
	variables: Variables;
}

export class ConfigError extends Error {
	override name = 'ConfigError';
}
