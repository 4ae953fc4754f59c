/** Placeholder: replaced by the page itself (issue 7). */
export function AuditPage() {
  return <div>AuditPage</div>;
}
