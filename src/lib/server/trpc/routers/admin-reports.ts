/** The staff queue of takedown notices and theft reports (issue #16), at /api/v1/admin/reports, tagged Admin. Wiring only. */
import { AdminReport, AdminReportList, AdminReportQuery, DecideReportInput, ReportIdInput, SuspendReportInput } from '../../../contracts/reports';
import { decideReport, getReport, listReports, suspendFromReport } from '../../reports/reports';
import { route, router } from '../init';
import { docs } from './admin-reports.docs';

export const adminReportsRouter = router({
	list: route({ openapi: { method: 'GET', path: '/api/v1/admin/reports', envelope: 'list', auth: 'staff', ...docs.list } })
		.input(AdminReportQuery)
		.output(AdminReportList)
		.query(({ input }) => listReports(input)),

	get: route({ openapi: { method: 'GET', path: '/api/v1/admin/reports/{id}', envelope: 'object', auth: 'staff', ...docs.get } })
		.input(ReportIdInput)
		.output(AdminReport)
		.query(({ input }) => getReport(input.id)),

	suspend: route({
		openapi: { method: 'POST', path: '/api/v1/admin/reports/{id}/suspend', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.suspend }
	})
		.input(SuspendReportInput)
		.output(AdminReport)
		.mutation(({ ctx, input }) => suspendFromReport(ctx.session.user.id, input.id, input.note)),

	decide: route({
		openapi: { method: 'POST', path: '/api/v1/admin/reports/{id}/decide', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.decide }
	})
		.input(DecideReportInput)
		.output(AdminReport)
		.mutation(({ ctx, input }) => decideReport(ctx.session.user.id, input.id, input.decision, input.note))
});
