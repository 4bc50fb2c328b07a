/**
 * Prometheus metrics (issue 14, item 7), served by /metrics behind
 * METRICS_TOKEN. Only what the process can measure honestly: postgres.js does
 * not report how many of its pooled connections are busy, so the database
 * side shows the configured pool size and what PostgreSQL itself reports
 * about connections to this database (all instances), read at scrape time.
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { config } from '../config';
import { database } from '../db/client';
import { queryRows } from '../db/rows';
import { openStreams } from '../events/hub';
import { rateLimitBreakerState } from './ratelimit';
import { rateLimitStoreHealth } from './ratelimit/store-health';

const GLOBAL_KEY = Symbol.for('hoclieu.metrics');

// One registry per process, kept on globalThis so the dev server's module reloads do not register twice.
function createMetrics() {
	const registry = new Registry();
	collectDefaultMetrics({ register: registry });

	const labels = ['method', 'route', 'status_class'] as const;
	const httpRequests = new Counter({
		name: 'hoclieu_http_requests_total',
		help: 'HTTP requests answered, by route id (never the raw path), method and status class.',
		labelNames: labels,
		registers: [registry]
	});
	const httpDuration = new Histogram({
		name: 'hoclieu_http_request_duration_seconds',
		help: 'Time from receiving a request to its response headers, by route id, method and status class.',
		labelNames: labels,
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
		registers: [registry]
	});
	const responseCacheAnswers = new Counter({
		name: 'hoclieu_response_cache_answers_total',
		help: 'Anonymous catalog reads and searches answered from the response cache before SvelteKit, by status (200 or 304).',
		labelNames: ['status'] as const,
		registers: [registry]
	});
	const computedInFront = new Counter({
		name: 'hoclieu_front_computed_answers_total',
		help: 'Anonymous catalog reads and searches the response cache did not hold, computed before SvelteKit by the REST facade (ADR 018).',
		registers: [registry]
	});
	const searchFetches = new Counter({
		name: 'hoclieu_search_fetches_total',
		help: "Search hits fetched (a query's page of hits or, when nothing matched, its corrected retry's; never remembered ones), by who chose them: the in-memory index (ADR 018) or the database.",
		labelNames: ['by'] as const,
		registers: [registry]
	});
	const catalogNotifications = new Counter({
		name: 'hoclieu_catalog_notifications_total',
		help: 'Catalog and flash-stock change notifications this process heard and applied to its caches, by channel.',
		labelNames: ['channel'] as const,
		registers: [registry]
	});
	const jobRuns = new Counter({
		name: 'hoclieu_job_runs_total',
		help: 'Background job runs by job name and outcome (success or failure).',
		labelNames: ['job', 'outcome'] as const,
		registers: [registry]
	});
	const jobDuration = new Histogram({
		name: 'hoclieu_job_duration_seconds',
		help: 'Background job run time by job name.',
		labelNames: ['job'] as const,
		buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
		registers: [registry]
	});

	new Gauge({
		name: 'hoclieu_db_pool_max_connections',
		help: 'Connections the database pool may open (DATABASE_POOL_MAX; the embedded PGlite has exactly one).',
		labelNames: ['driver'] as const,
		registers: [registry],
		collect() {
			const kind = database().kind;
			this.reset();
			this.set({ driver: kind }, kind === 'postgres' ? config().databasePoolMax : 1);
		}
	});
	new Gauge({
		name: 'hoclieu_db_server_connections',
		help: "Connections to this database as PostgreSQL's pg_stat_activity reports them (every instance, by state); absent on PGlite or when the query fails.",
		labelNames: ['state'] as const,
		registers: [registry],
		async collect() {
			this.reset();
			const handle = database();
			if (handle.kind !== 'postgres') return;
			try {
				const rows = await queryRows<{ state: string; n: number }>(
					sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() group by 1`
				);
				for (const row of rows) this.set({ state: row.state }, Number(row.n));
			} catch {
				// An unreachable database shows as missing samples (and on /api/health), not as a failed scrape.
			}
		}
	});
	new Gauge({
		name: 'hoclieu_rate_limit_store_up',
		help: 'Whether the rate-limit store answers (1) or is failing (0), by store kind (memory, redis, upstash).',
		labelNames: ['kind'] as const,
		registers: [registry],
		async collect() {
			const health = await rateLimitStoreHealth();
			this.reset();
			this.set({ kind: health.kind }, health.state === 'healthy' ? 1 : 0);
		}
	});
	new Gauge({
		name: 'hoclieu_rate_limit_breaker_state',
		help: "The rate-limit store's circuit breaker: 1 for its current state (closed = store in use, open = in-process fallback, half-open = probing).",
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			const current = rateLimitBreakerState();
			this.reset();
			for (const state of ['closed', 'open', 'half-open'] as const) this.set({ state }, state === current ? 1 : 0);
		}
	});
	new Gauge({
		name: 'hoclieu_live_streams',
		help: 'Live event streams (GET /api/v1/events) this process holds open.',
		registers: [registry],
		collect() {
			this.set(openStreams());
		}
	});
	return { registry, httpRequests, httpDuration, responseCacheAnswers, computedInFront, searchFetches, catalogNotifications, jobRuns, jobDuration };
}

type Metrics = ReturnType<typeof createMetrics>;

function metrics(): Metrics {
	const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Metrics };
	return (g[GLOBAL_KEY] ??= createMetrics());
}

export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
	const m = metrics();
	const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` };
	m.httpRequests.inc(labels);
	m.httpDuration.observe(labels, seconds);
}

export function recordResponseCacheAnswer(status: number): void {
	metrics().responseCacheAnswers.inc({ status: String(status) });
}

export function recordComputedInFront(): void {
	metrics().computedInFront.inc();
}

export function recordSearchFetch(by: 'index' | 'database'): void {
	metrics().searchFetches.inc({ by });
}

export function recordCatalogNotification(channel: 'catalog' | 'flash_stock'): void {
	metrics().catalogNotifications.inc({ channel });
}

export function recordJobRun(job: string, outcome: 'success' | 'failure', seconds: number): void {
	const m = metrics();
	m.jobRuns.inc({ job, outcome });
	m.jobDuration.observe({ job }, seconds);
}

export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
	const { registry } = metrics();
	return { body: await registry.metrics(), contentType: registry.contentType };
}
