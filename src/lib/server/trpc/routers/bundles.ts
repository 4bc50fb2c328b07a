/** Bundles (README, Bundles): the public read, and the item lists authors and staff set. Wiring only. */
import { Bundle, BundleRef, SetBundleItemsInput } from '../../../contracts/bundles';
import { anyBundle, authorsBundle, publishedBundle, setBundleItems } from '../../catalog/bundles';
import { route, router } from '../init';
import { docs } from './bundles.docs';

export const bundlesRouter = router({
	of: route({ openapi: { method: 'GET', path: '/api/v1/catalog/bundles/{id}', envelope: 'object', auth: 'optional-session', ...docs.of } })
		.input(BundleRef)
		.output(Bundle)
		.query(({ ctx, input }) => publishedBundle(input.id, ctx.session?.user.id ?? null)),

	mine: route({ openapi: { method: 'GET', path: '/api/v1/studio/products/{id}/bundle-items', envelope: 'object', auth: 'author', ...docs.mine } })
		.input(BundleRef)
		.output(Bundle)
		.query(({ ctx, input }) => authorsBundle(ctx.session.user.id, input.id)),

	setByAuthor: route({
		openapi: { method: 'PUT', path: '/api/v1/studio/products/{id}/bundle-items', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.setByAuthor }
	})
		.input(SetBundleItemsInput)
		.output(Bundle)
		.mutation(({ ctx, input }) => setBundleItems({ kind: 'author', id: ctx.session.user.id }, input)),

	ofAny: route({ openapi: { method: 'GET', path: '/api/v1/admin/products/{id}/bundle-items', envelope: 'object', auth: 'staff', ...docs.ofAny } })
		.input(BundleRef)
		.output(Bundle)
		.query(({ input }) => anyBundle(input.id)),

	setByStaff: route({
		openapi: { method: 'PUT', path: '/api/v1/admin/products/{id}/bundle-items', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.setByStaff }
	})
		.input(SetBundleItemsInput)
		.output(Bundle)
		.mutation(({ ctx, input }) => setBundleItems({ kind: 'staff', id: ctx.session.user.id }, input))
});
