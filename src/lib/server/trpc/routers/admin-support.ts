/** The staff queue of support requests (console only, no REST route). Wiring only. */
import { AnswerTicketInput, SupportTicket, SupportTicketList, SupportTicketQuery, TicketIdInput } from '../../../contracts/support';
import { answerTicket, getTicket, listTickets } from '../../support/tickets';
import { router, staffProcedure } from '../init';

export const adminSupportRouter = router({
	list: staffProcedure
		.input(SupportTicketQuery)
		.output(SupportTicketList)
		.query(({ input }) => listTickets(input)),

	get: staffProcedure
		.input(TicketIdInput)
		.output(SupportTicket)
		.query(({ input }) => getTicket(input.id)),

	/** Mails the answer, marks the request answered and audits it, all or nothing. */
	answer: staffProcedure
		.input(AnswerTicketInput)
		.output(SupportTicket)
		.mutation(({ ctx, input }) => answerTicket(ctx.session.user.id, input.id, input.answer))
});
