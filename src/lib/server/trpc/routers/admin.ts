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
import { completeUploadDocs, createUploadDocs, exampleVerifiedUpload } from './upload-docs';
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

const tags = ['Admin'];
const exampleUser = {
	id: '6f1c2a9e-0000-4000-8000-000000000000',
	email: 'co.lan@example.vn',
	name: 'Cô Lan',
	role: 'author',
	emailVerified: true,
	disabledAt: null,
	createdAt: '2026-01-15T08:30:00.000Z'
} as const;
const exampleDetail = {
	...exampleUser,
	wallet: { main: '150000', bonus: '20000', total: '170000' },
	activeSessions: 1,
	authorReapplyBlockedAt: null,
	payoutAccountSharedWith: [],
	payoutDetails: { bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN', changedAt: null, confirmUntil: null }
};

export const adminRouter = router({
	money: adminMoneyRouter,
	payouts: adminPayoutsRouter,
	reports: adminReportsRouter,
	buyerReviews: adminReviewsRouter,
	support: adminSupportRouter,
	pricing: adminPricingRouter,
	sales: adminSalesRouter,
	audit: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/audit',
			summary: 'Browse the audit log',
			description: 'Staff actions, newest first, filtered by actor, action, target and a createdAt range. Rows are append-only. `targetName` names the target as a person reads it (an account\'s name and email, an order\'s number and payment reference, a product\'s title, a transfer\'s amount and bank reference).',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: {
				items: [
					{
						id: '0b7d4c1e-0000-4000-8000-000000000000',
						actorId: '1a2b3c4d-0000-4000-8000-000000000000',
						actorEmail: 'quantri@example.vn',
						actorName: 'Quản trị Lan',
						action: 'user.role_change',
						targetType: 'user',
						targetId: exampleUser.id,
						targetName: 'Cô Lan (co.lan@example.vn)',
						summary: { before: { role: 'customer' }, after: { role: 'author' } },
						createdAt: '2026-01-15T09:00:00.000Z'
					}
				],
				nextCursor: null,
				hasMore: false
			}
		}
	})
		.input(AuditQuery)
		.output(AuditPage)
		.query(({ input }) => listAudit(input)),

	users: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/users',
			summary: 'Look up accounts',
			description: 'Accounts whose email or name contains `q` (case-insensitive), ordered by email.',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: { items: [exampleUser], nextCursor: null, hasMore: false }
		}
	})
		.input(AdminUserSearch)
		.output(AdminUserPage)
		.query(({ input }) => searchUsers(input)),

	user: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/users/{id}',
			summary: 'One account',
			description:
				'Role, creation, verification, disabled state, wallet balance and active sessions of one account; whether it may apply to sell again after its author role was taken away; and the other accounts whose author profile names the same payout bank account (a sock-puppet signal).',
			tags,
			envelope: 'object',
			auth: 'staff',
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: exampleDetail
		}
	})
		.input(AdminUserRef)
		.output(AdminUserDetail)
		.query(({ input }) => getUser(input.id)),

	changeRole: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/role',
			summary: 'Change an account\'s role',
			description:
				'Sets `customer`, `author` or `staff`; audited with before/after. Staff cannot remove their own staff role (409), so the last staff member cannot lock everyone out. Taking the `author` role away (to `customer`) also refuses the account\'s studio application from then on (`authorReapplyBlockedAt`), until staff allow it again; making an account `author` lifts that refusal.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
			example: { ...exampleDetail, role: 'staff' }
		}
	})
		.input(ChangeRoleInput)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => changeUserRole(ctx.session.user.id, input.id, input.role)),

	disableUser: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/disable',
			summary: 'Disable an account',
			description: 'The account can no longer sign in and every session it has ends at once; audited. Disabling an already disabled account changes nothing. Staff cannot disable themselves (409).',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
			example: { ...exampleDetail, disabledAt: '2026-01-16T10:00:00.000Z', activeSessions: 0 }
		}
	})
		.input(DisableUserInput)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => disableUser(ctx.session.user.id, input.id, input.reason)),

	allowAuthorReapplication: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/author-reapplication',
			summary: 'Let a revoked author apply again',
			description:
				'Lifts the refusal of the studio application that taking the author role away set (`authorReapplyBlockedAt` becomes null); audited as `user.author_reapply_allow`. The account is not made an author: it may apply again. Allowing an account that is not refused changes nothing.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: exampleDetail
		}
	})
		.input(AdminUserRef)
		.output(AdminUserDetail)
		.mutation(({ ctx, input }) => allowAuthorReapplication(ctx.session.user.id, input.id))
,

	uploads: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/uploads',
			summary: 'Upload slots',
			description: 'The newest 100 upload slots of every account, newest first. `flag=duplicate`: sold files refused because they are byte-for-byte another author\'s verified file (`duplicateOfId`), a theft signal.',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: { items: [exampleVerifiedUpload], nextCursor: null, hasMore: false }
		}
	})
		.input(AdminUploadQuery)
		.output(UploadList)
		.query(({ input }) => listUploads(input)),

	createUpload: route({ openapi: { ...createUploadDocs, path: '/api/v1/admin/uploads', tags, auth: 'staff' } })
		.input(CreateUploadInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createUpload({ userId: ctx.session.user.id, staff: true }, input)),

	completeUpload: route({
		openapi: { ...completeUploadDocs, path: '/api/v1/admin/uploads/{id}/complete', tags, auth: 'staff', description: `${completeUploadDocs.description} Staff may complete any slot; a verification is audited.` }
	})
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeUpload({ userId: ctx.session.user.id, staff: true }, input.id, input.parts)),

	...adminProductProcedures
});
