import { error, redirect } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';
import { parseFilters } from '$lib/listing-filters';
import { paths } from '$lib/paths';
import { classifyError } from '$lib/server/errors/classify';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const PAGE_SIZE = 12;

export const load: PageServerLoad = async (event) => {
	const { params, url } = event;
	const path = params.path.replace(/\/+$/, '');
	const filters = parseFilters(url.searchParams);
	const cursor = url.searchParams.get('cursor') || undefined;
	const api = serverCaller(event);
	let listing, tree;
	try {
		[listing, tree] = await Promise.all([
			api.catalog.listing({
				path,
				type: filters.type,
				minPriceVnd: filters.minPrice,
				maxPriceVnd: filters.maxPrice,
				onSale: filters.onSale,
				sort: filters.sort ?? 'newest',
				cursor,
				pageSize: PAGE_SIZE
			}),
			api.catalog.tree()
		]);
	} catch (e) {
		const c = classifyError(e);
		if (c.code === 'validation_error') {
			// A stale cursor (filters changed since) restarts from the first page;
			// a path that cannot be a category is simply not found.
			if (cursor) {
				url.searchParams.delete('cursor');
				redirect(303, url.pathname + url.search);
			}
			error(404, { message: 'Không tìm thấy danh mục này. Có thể đường dẫn đã thay đổi.', code: 'not_found' });
		}
		throwPageError(e);
	}
	const here = listing.category.id;
	const children = tree
		.filter((c) => c.isActive && (here === 'root' ? c.depth === 0 : c.parentId === here))
		.map((c) => ({ id: c.id, name: c.name, path: c.fullPath }));
	return {
		path,
		filters,
		fromCursor: cursor !== undefined,
		category: listing.category,
		breadcrumbs: [
			{ name: 'Trang chủ', href: paths.home },
			{ name: 'Tất cả học liệu', href: paths.category('') },
			...listing.breadcrumbs.map((b) => ({ name: b.name, href: paths.category(b.path) }))
		],
		children,
		items: listing.items,
		nextCursor: listing.nextCursor,
		hasMore: listing.hasMore
	};
};
