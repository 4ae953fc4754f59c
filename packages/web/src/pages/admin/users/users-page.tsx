/** Placeholder: replaced by the page itself (issue 7). */
export function UsersPage() {
  return <div>UsersPage</div>;
}
