/** Placeholder: replaced by the page itself (issue 7). */
export function MessagesPage() {
  return <div>MessagesPage</div>;
}
