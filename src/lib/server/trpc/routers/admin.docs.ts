/** What /openapi.json says about the routes of ./admin.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { completeUploadDocs, createUploadDocs, exampleVerifiedUpload } from './studio.docs';

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

export const docs = {
	audit: {
		summary: 'Browse the audit log',
		description: 'Staff actions, newest first, filtered by actor, action, target and a createdAt range. Rows are append-only. `targetName` names the target as a person reads it (an account\'s name and email, an order\'s number and payment reference, a product\'s title, a transfer\'s amount and bank reference).',
		tags,
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
	},

	users: {
		summary: 'Look up accounts',
		description: 'Accounts whose email or name contains `q` (case-insensitive), ordered by email.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { items: [exampleUser], nextCursor: null, hasMore: false }
	},

	user: {
		summary: 'One account',
		description:
			'Role, creation, verification, disabled state, wallet balance and active sessions of one account; whether it may apply to sell again after its author role was taken away; and the other accounts whose author profile names the same payout bank account (a sock-puppet signal).',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: exampleDetail
	},

	changeRole: {
		summary: 'Change an account\'s role',
		description:
			'Sets `customer`, `author` or `staff`; audited with before/after. Staff cannot remove their own staff role (409), so the last staff member cannot lock everyone out. Taking the `author` role away (to `customer`) also refuses the account\'s studio application from then on (`authorReapplyBlockedAt`), until staff allow it again; making an account `author` lifts that refusal.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...exampleDetail, role: 'staff' }
	},

	disableUser: {
		summary: 'Disable an account',
		description: 'The account can no longer sign in and every session it has ends at once; audited. Disabling an already disabled account changes nothing. Staff cannot disable themselves (409).',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...exampleDetail, disabledAt: '2026-01-16T10:00:00.000Z', activeSessions: 0 }
	},

	allowAuthorReapplication: {
		summary: 'Let a revoked author apply again',
		description:
			'Lifts the refusal of the studio application that taking the author role away set (`authorReapplyBlockedAt` becomes null); audited as `user.author_reapply_allow`. The account is not made an author: it may apply again. Allowing an account that is not refused changes nothing.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: exampleDetail
	},

	uploads: {
		summary: 'Upload slots',
		description: 'The newest 100 upload slots of every account, newest first. `flag=duplicate`: sold files refused because they are byte-for-byte another author\'s verified file (`duplicateOfId`), a theft signal.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { items: [exampleVerifiedUpload], nextCursor: null, hasMore: false }
	},

	createUpload: {
		...createUploadDocs,
		tags
	},

	completeUpload: {
		...completeUploadDocs,
		tags,
		description: `${completeUploadDocs.description} Staff may complete any slot; a verification is audited.`
	}
} satisfies RouterDocs;
