/** Placeholder: replaced by the page itself (issue 7). */
export function FilesPage() {
  return <div>FilesPage</div>;
}
