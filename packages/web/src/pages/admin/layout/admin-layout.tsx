/** Placeholder: replaced by the page itself (issue 7). */
export function AdminLayout() {
  return <div>AdminLayout</div>;
}
