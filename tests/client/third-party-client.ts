/**
 * What a third-party TypeScript client looks like: types generated from our
 * /openapi.json by openapi-typescript (tests/client/hoclieu-api.ts) and
 * openapi-fetch. No hoclieu source is imported.
 */
import createClient from 'openapi-fetch';
import type { paths } from './hoclieu-api';

export function hoclieuClient(baseUrl: string) {
	const client = createClient<paths>({ baseUrl });
	return {
		async categoryTree() {
			const { data, error } = await client.GET('/api/v1/catalog/categories');
			if (error) throw new Error(JSON.stringify(error));
			return data.data;
		},
		async listCategory(path: string, pageSize: number) {
			const { data, error } = await client.GET('/api/v1/catalog/categories/{path}', {
				params: { path: { path }, query: { pageSize, sort: 'popular' } }
			});
			if (error) throw new Error(JSON.stringify(error));
			return data;
		},
		async search(q: string) {
			const { data, error, response } = await client.GET('/api/v1/search', { params: { query: { q } } });
			if (error) throw new Error(JSON.stringify(error));
			return { results: data.data, remaining: Number(response.headers.get('RateLimit-Remaining')) };
		},
		async product(fullPath: string) {
			const { data, error, response } = await client.GET('/api/v1/catalog/products/{fullPath}', {
				params: { path: { fullPath } }
			});
			return { status: response.status, product: data?.data.product, isPurchased: data?.data.isPurchased, error };
		}
	};
}
