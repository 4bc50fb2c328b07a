import { ab as attr_class, a9 as stringify, a6 as escape_html } from './index.js-Oj9LwuME.js';
import { o as orderStatusLabels } from './order-labels.js-Cr7VYHAq.js';

function OrderStatusBadge($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { status } = $$props;
    $$renderer2.push(`<span${attr_class(`badge ${stringify(status.toLowerCase())}`, "svelte-22b07b")} data-testid="order-status">${escape_html(orderStatusLabels[status])}</span>`);
  });
}

export { OrderStatusBadge as O };
//# sourceMappingURL=OrderStatusBadge.js-B743I9vu.js.map
