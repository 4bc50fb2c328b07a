/**
 * `npm run seed -- [--products N] [--seed S] [--reset] [--files | --no-files]`
 *
 * Builds the deterministic demo catalog (Lớp 1–12, subjects, textbook series,
 * all five product types, sales, flash sales, renamed products) in the
 * database the configuration points at (DATABASE_URL, else the embedded
 * PGlite in DATA_DIR). Migrations run first. Each product's sample file is
 * stored too (the configured storage), by default only up to 5 000 products:
 * benchmark catalogs need rows, not 100 000 generated files.
 */
import { parseArgs } from 'node:util';
import { config, useToolDefaults } from '../src/lib/server/config';
import { closeDatabase } from '../src/lib/server/db/client';
import { runMigrations } from '../src/lib/server/db/migrate';
import { DEMO_ACCOUNT, seedDemoAccount } from '../src/lib/server/demo-account';
import { refreshStatistics, seedCatalog, storeSeedFiles } from '../src/lib/server/catalog/seed/index';

// NODE_ENV unset: demo for the embedded database, production for a DATABASE_URL (README "Modes").
useToolDefaults();

const { values } = parseArgs({
	options: {
		products: { type: 'string' },
		seed: { type: 'string' },
		reset: { type: 'boolean', default: false },
		files: { type: 'boolean' },
		'no-files': { type: 'boolean', default: false },
		help: { type: 'boolean', short: 'h', default: false }
	}
});

if (values.help) {
	console.log('Usage: npm run seed -- [--products N] [--seed S] [--reset] [--files | --no-files]');
	process.exit(0);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
	if (raw === undefined) return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < min) {
		console.error(`--${name} must be an integer >= ${min}`);
		process.exit(2);
	}
	return Number(raw);
}

const cfg = config();
const products = integer('products', values.products, cfg.seedProducts, 0);
const seed = integer('seed', values.seed, cfg.seedValue, 0);

const started = performance.now();
try {
	await runMigrations();
	console.log(`Seeding ${products} products (seed ${seed}) into ${cfg.databaseUrl ? 'PostgreSQL' : `PGlite at ${cfg.pgliteDir}`}…`);
	let lastReport = 0;
	const withFiles = values['no-files'] ? false : (values.files ?? products <= 5_000);
	const outcome = await seedCatalog({
		products,
		seed,
		reset: values.reset,
		// Without files the outcome lists none: a million products' would be a million objects held to the end.
		keepFiles: withFiles ? Infinity : 0,
		onProgress: (done) => {
			if (done - lastReport >= 10_000 || done === products) {
				lastReport = done;
				console.log(`  ${done} / ${products} products`);
			}
		}
	});
	if (!outcome.seeded) {
		console.error('The catalog is not empty; run again with --reset to replace it.');
		process.exitCode = 1;
	} else {
		await refreshStatistics(true);
		if (withFiles) {
			console.log(`Storing ${outcome.files.length} sample files…`);
			await storeSeedFiles(outcome.files);
		} else {
			console.log('Sample files skipped (--files to store them).');
		}
		if (await seedDemoAccount()) console.log(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
		const seconds = ((performance.now() - started) / 1000).toFixed(1);
		console.log(`Done in ${seconds} s:`, outcome.counts);
	}
} finally {
	await closeDatabase();
}
