/** Conversations over real HTTP: a signed-in person (with an address of their own) calling /api/v1/conversations. */
import { sellable } from './checkout';
import { createUser, request, sql, type TestUser } from './http';

let addressCounter = 0;

export interface Person extends TestUser {
	/** The X-Forwarded-For this person's requests carry (the server trusts the proxy): their own per-IP budget. */
	ip: string;
}

export async function person(base: string, opts: { role?: 'customer' | 'author' | 'staff'; name?: string; ip?: string } = {}): Promise<Person> {
	const user = await createUser(base, { role: opts.role, name: opts.name });
	const n = ++addressCounter;
	return { ...user, ip: opts.ip ?? `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}` };
}

export function as(base: string, who: Person, path: string, init: { method?: string; json?: unknown } = {}) {
	return request(base, path, { ...init, headers: { origin: base, cookie: who.cookie, 'x-forwarded-for': who.ip } });
}

export const trpcHeaders = (who: Person) => ({ cookie: who.cookie, 'x-forwarded-for': who.ip });

/** A product on sale; with `author`, it is theirs (else a house-catalog product, with no author). */
export async function productOf(base: string, author?: Person): Promise<{ id: string; title: string }> {
	const product = await sellable(base, { priceVnd: '30000' });
	const title = `Giáo án hỏi đáp ${crypto.randomUUID().slice(0, 8)}`;
	await sql(base, 'UPDATE products SET author_id = $1, title = $2 WHERE id = $3', [author?.userId ?? null, title, product.id]);
	return { id: product.id, title };
}

export async function ask(base: string, who: Person, json: { productId?: string; toSupport?: true; body: unknown }) {
	return as(base, who, '/api/v1/conversations', { method: 'POST', json });
}

export async function reply(base: string, who: Person, conversationId: string, body: string) {
	return as(base, who, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json: { body } });
}

export async function unread(base: string, who: Person): Promise<{ messages: number; notifications: number }> {
	const res = await as(base, who, '/api/v1/me/unread');
	if (res.status !== 200) throw new Error(`me/unread answered ${res.status}: ${res.text}`);
	return res.body.data;
}

export const notificationRows = (base: string, userId: string) =>
	sql<{ kind: string; group: string; title: string; body: string; link: string }>(base, 'SELECT kind, "group", title, body, link FROM notifications WHERE user_id = $1 ORDER BY id', [userId]);
