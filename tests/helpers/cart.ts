/** The cart over HTTP (/api/v1/cart): filling it, reading it and paying for it, signed in or as a guest by its cookie. */
import { request, type JsonResponse, type TestUser } from './http';

/** Who calls: a signed-in user, or a guest whose cookies (the `cart` cookie, order-access cookies) this keeps. */
export class CartClient {
	readonly cookies = new Map<string, string>();
	constructor(
		private readonly base: string,
		public user?: TestUser
	) {}

	private header(): string {
		return [...(this.user ? [this.user.cookie] : []), ...[...this.cookies].map(([k, v]) => `${k}=${v}`)].join('; ');
	}

	private keep(res: JsonResponse): void {
		for (const c of res.headers.getSetCookie()) {
			const [pair, ...attrs] = c.split(';');
			const eq = pair!.indexOf('=');
			const name = pair!.slice(0, eq);
			const value = pair!.slice(eq + 1);
			if (value === '' || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
			else this.cookies.set(name, value);
		}
	}

	async call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<JsonResponse<any>> {
		const res = await request(this.base, path, {
			...init,
			headers: { origin: this.base, 'x-forwarded-for': this.ip, ...(init.headers as Record<string, string>), cookie: this.header() }
		});
		this.keep(res);
		return res;
	}

	private readonly ip = `10.${rnd()}.${rnd()}.${rnd()}`;

	get = () => this.call('/api/v1/cart');
	add = (productId: string) => this.call('/api/v1/cart/items', { method: 'POST', json: { productId } });
	remove = (productId: string) => this.call(`/api/v1/cart/items/${productId}`, { method: 'DELETE' });
	checkout = (body: Record<string, unknown>, headers: Record<string, string> = {}) => this.call('/api/v1/cart/checkout', { method: 'POST', json: body, headers });
	status = (id: string) => this.call(`/api/v1/cart/checkout/${id}`);

	/** Adds every product and fails loudly on a refusal. */
	async fill(productIds: string[]): Promise<void> {
		for (const id of productIds) {
			const res = await this.add(id);
			if (res.status !== 200) throw new Error(`cart add failed (${res.status}): ${res.text}`);
		}
	}
}

const rnd = () => Math.floor(Math.random() * 254) + 1;
