/** Placeholder: replaced by the page itself (issue 7). */
export function DmcaComplaintsPage() {
  return <div>DmcaComplaintsPage</div>;
}
