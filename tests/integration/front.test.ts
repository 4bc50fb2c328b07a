/**
 * Public reads computed before SvelteKit (ADR 018 part 2, src/lib/server/http/front.ts)
 * answer exactly what SvelteKit's route answers: for every request below —
 * searches (pages, filters, sorts, a correction, invalid input), catalog
 * reads (detail, listing, tree, a missing product, a revalidation) in every
 * encoding — the same status, the same bytes and the same headers, but for
 * those that belong to one exchange. /metrics proves which way each went.
 *
 * The response cache is emptied whenever the way is switched (the test hook
 * does it), so neither answer is a replay of the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProducts, type CategoryFixture } from '../helpers/catalog';
import { metricValue, request, type JsonResponse } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

const METRICS_TOKEN = randomBytes(32).toString('base64url');

let server: TestServer;
let category: CategoryFixture;

const SUBJECTS = ['Toán', 'Tiếng Việt', 'Đạo đức', 'Khoa học', 'Âm nhạc', 'Lịch sử và Địa lí'];

beforeAll(async () => {
	server = await startServer({ env: { METRICS_TOKEN, RATE_LIMIT_SEARCH_MAX: '10000' } });
	category = await insertCategory(server.url, { name: 'Trước SvelteKit', slug: 'truoc-sveltekit' });
	await insertProducts(
		server.url,
		Array.from({ length: 36 }, (_, i) => ({
			categoryId: category.id,
			title: `Giáo án ${SUBJECTS[i % SUBJECTS.length]} lớp ${(i % 5) + 1} tuần ${i + 1}`,
			slug: `giao-an-truoc-${i + 1}`,
			priceVnd: 20_000 + 1_000 * i,
			description: `Bài soạn chi tiết cho giáo viên tiểu học, có phiếu học tập và đáp án. Số ${i + 1}. `.repeat(4)
		}))
	);
}, 120_000);

afterAll(async () => {
	await server?.stop();
});

const counter = (series: string) => metricValue(server.url, METRICS_TOKEN, series);

const computedInFront = () => counter('hoclieu_front_computed_answers_total');

async function computeInFront(computes: boolean): Promise<void> {
	const res = await request(server.url, '/api/v1/_test/front', { method: 'POST', json: { computes } });
	expect(res.status, res.text).toBe(200);
}

/** Headers that belong to one exchange (the rate limit's count moves with every search; framing differs by path). */
const PER_EXCHANGE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'ratelimit-remaining', 'ratelimit-reset']);

interface Answer {
	status: number;
	headers: Record<string, string>;
	body: Buffer;
}

async function get(path: string, headers: Record<string, string>): Promise<Answer> {
	// Raw bytes: fetch would decompress them.
	const res = await fetch(server.url + path, { headers: { 'x-request-id': 'front-differential-1', ...headers }, redirect: 'manual' });
	const kept = Object.fromEntries([...res.headers].filter(([name]) => !PER_EXCHANGE.has(name)));
	return { status: res.status, headers: kept, body: Buffer.from(await res.arrayBuffer()) };
}

/** The same request answered by SvelteKit's route, then computed before it. */
async function bothWays(path: string, headers: Record<string, string>): Promise<[Answer, Answer]> {
	await computeInFront(false);
	const before = await computedInFront();
	const byRoute = await get(path, headers);
	expect(await computedInFront(), `${path} went through SvelteKit`).toBe(before);
	await computeInFront(true);
	const inFront = await get(path, headers);
	expect(await computedInFront(), `${path} was computed in front`).toBe(before + 1);
	return [byRoute, inFront];
}

describe('public reads computed before SvelteKit', () => {
	it('answer what SvelteKit answers, byte for byte, in every encoding', async () => {
		const first: JsonResponse<{ nextCursor: string }> = await request(server.url, `/api/v1/search?${new URLSearchParams({ q: 'giáo án', pageSize: '5' })}`);
		expect(first.body.nextCursor).toBeTruthy();
		const params: Record<string, string>[] = [
			{ q: 'giáo án toán' },
			{ q: 'giao an dao duc', pageSize: '3' },
			{ q: 'giáo án', pageSize: '5', cursor: first.body.nextCursor },
			{ q: 'lớp 2', sort: 'popular' },
			{ q: 'tiếng việt', type: 'LESSON_PLAN' },
			{ q: 'giáo áng' },
			{ q: 'khong co gi o day' },
			{ q: 'giáo án', pageSize: '0' },
			{ q: 'giáo án', sort: 'sideways' },
			{ q: '' }
		];
		const searches = params.map((p) => `/api/v1/search?${new URLSearchParams(p)}`);
		const catalog = [
			`/api/v1/catalog/products/${category.path}/giao-an-truoc-3`,
			`/api/v1/catalog/products/${category.path}/khong-co`,
			`/api/v1/catalog/categories/${category.path}?sort=newest&pageSize=12`,
			'/api/v1/catalog/categories'
		];
		const statuses = new Set<number>();
		let compressed = 0;
		for (const path of [...searches, ...catalog]) {
			for (const encoding of ['identity', 'gzip', 'br']) {
				const [byRoute, inFront] = await bothWays(path, { 'accept-encoding': encoding });
				statuses.add(inFront.status);
				expect(inFront.status, `${path} (${encoding})`).toBe(byRoute.status);
				expect(inFront.headers, `${path} (${encoding})`).toEqual(byRoute.headers);
				expect(inFront.body.equals(byRoute.body), `${path} (${encoding}): ${inFront.body.toString('latin1').slice(0, 200)}`).toBe(true);
				if (inFront.headers['content-encoding'] === encoding) compressed++;
			}
		}
		// The requests above did reach answers of each kind.
		expect([...statuses].sort()).toEqual([200, 400, 404]);
		expect(compressed).toBeGreaterThan(10);
	});

	it('answer a revalidation with the same 304', async () => {
		const path = `/api/v1/catalog/products/${category.path}/giao-an-truoc-7`;
		const etag = (await get(path, { 'accept-encoding': 'gzip' })).headers.etag!;
		const [byRoute, inFront] = await bothWays(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
		expect(inFront.status).toBe(304);
		expect(inFront).toEqual(byRoute);
	});

	it('leave sessions, other methods, unknown and undecodable paths to SvelteKit', async () => {
		await computeInFront(true);
		const before = await computedInFront();
		const session = await request(server.url, '/api/v1/search?q=to%C3%A1n', { headers: { cookie: 'auth.session_data=not-a-session' } });
		expect(session.status).toBe(200);
		const head = await fetch(`${server.url}/api/v1/catalog/categories`, { method: 'HEAD' });
		expect(head.status).toBe(200);
		const unknown = await request(server.url, '/api/v1/catalog/nothing-here');
		expect(unknown.status).toBe(404);
		expect(unknown.body.error.code).toBe('not_found');
		const undecodable = await request(server.url, '/api/v1/catalog/products/%E0%A4%A');
		expect(undecodable.status).toBe(400);
		expect(undecodable.body.error.code).toBe('validation_error');
		expect(await computedInFront()).toBe(before);
	});

	it('keep answers again once the way is switched (the switch drops every cache together)', async () => {
		await computeInFront(true);
		const path = `/api/v1/catalog/products/${category.path}/giao-an-truoc-11`;
		const replayed = () => counter('hoclieu_response_cache_answers_total{status="200"}');
		const before = await replayed();
		const answers = [];
		// The first two are computed (an answer is kept from its request's second sighting on), the third replayed.
		for (let i = 0; i < 3; i++) answers.push(await get(path, { 'accept-encoding': 'identity' }));
		expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
		expect(answers[2]!.body.equals(answers[0]!.body)).toBe(true);
		expect(await replayed()).toBe(before + 1);
	});
});
