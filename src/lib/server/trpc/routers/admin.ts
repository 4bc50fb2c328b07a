/** Staff tooling (docs/architecture.md#supply-side), served at /api/v1/admin/* and tagged Admin. Wiring only. */
import {
	AdminUserDetail,
	AdminUserPage,
	AdminUserRef,
	AdminUserSearch,
	AuditPage,
	AuditQuery,
	ChangeRoleInput,
	DisableUserInput
} from '../../../contracts/admin';
import { CompleteUploadInput, AdminUploadQuery, CreateUploadInput, Upload, UploadList, UploadSlot } from '../../../contracts/uploads';
import { listAudit } from '../../admin/audit';
import { completeUpload, createUpload, listUploads } from '../../uploads/uploads';
import { allowAuthorReapplication, changeUserRole, disableUser, getUser, searchUsers } from '../../admin/users';
import { route, router } from '../init';
import { adminMoneyRouter } from './admin-money';
import { adminPayoutsRouter } from './admin-payouts';
import { adminPricingRouter } from './admin-pricing';
import { adminReportsRouter } from './admin-reports';
import { adminReviewsRouter } from './admin-reviews';
import { adminSupportRouter } from './admin-support';
import { adminSalesRouter } from './admin-sales';
import { adminProductProcedures } from './admin-products';
import { docs } from './admin.docs';

export const adminRouter = router({
	money: adminMoneyRouter,
	payouts: adminPayoutsRouter,
	reports: adminReportsRouter,
	buyerReviews: adminReviewsRouter,
	support: adminSupportRouter,
	pricing: adminPricingRouter,
	sales: adminSalesRouter,
	audit: route({ openapi: { method: 'GET', path: '/api/v1/admin/audit', envelope: 'list', auth: 'staff', ...docs.audit } })
		.input(AuditQuery)
		.output(AuditPage)
		.query(({ input }) => listAudit(input)),

	users: route({ openapi: { method: 'GET', path: '/api/v1/admin/users', envelope: 'list', auth: 'staff', ...docs.users } })
		.input(AdminUserSearch)
		.output(AdminUserPage)
		.query(({ input }) => searchUsers(input)),

	user: route({ openapi: { method: 'GET', path: '/api/v1/admin/users/{id}', envelope: 'object', auth: 'staff', ...docs.user } })
		.input(AdminUserRef)
		.output(AdminUserDetail)
		.query(({ input }) => getUser(input.id)),

	changeRole: route({
		openapi: { method: 'POST', path: '/api/v1/admin/users/{id}/role', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.changeRole }
	})
		.input(ChangeRoleInput)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => changeUserRole(ctx.session.user.id, input.id, input.role)),

	disableUser: route({
		openapi: { method: 'POST', path: '/api/v1/admin/users/{id}/disable', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.disableUser }
	})
		.input(DisableUserInput)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => disableUser(ctx.session.user.id, input.id, input.reason)),

	allowAuthorReapplication: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/author-reapplication',
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			...docs.allowAuthorReapplication
		}
	})
		.input(AdminUserRef)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => allowAuthorReapplication(ctx.session.user.id, input.id))
,

	uploads: route({ openapi: { method: 'GET', path: '/api/v1/admin/uploads', envelope: 'list', auth: 'staff', ...docs.uploads } })
		.input(AdminUploadQuery)
		.output(UploadList)
		.query(({ input }) => listUploads(input)),

	createUpload: route({ openapi: { method: 'POST', path: '/api/v1/admin/uploads', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.createUpload } })
		.input(CreateUploadInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createUpload({ userId: ctx.session.user.id, staff: true }, input)),

	completeUpload: route({
		openapi: { method: 'POST', path: '/api/v1/admin/uploads/{id}/complete', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.completeUpload }
	})
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeUpload({ userId: ctx.session.user.id, staff: true }, input.id, input.parts)),

	...adminProductProcedures
});
