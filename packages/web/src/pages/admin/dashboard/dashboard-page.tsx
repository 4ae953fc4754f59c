/** Placeholder: replaced by the page itself (issue 7). */
export function DashboardPage() {
  return <div>DashboardPage</div>;
}
