/** Placeholder: replaced by the page itself (issue 7). */
export function AdminLoginPage() {
  return <div>AdminLoginPage</div>;
}
