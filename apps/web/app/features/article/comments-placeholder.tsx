// The comments section's place on the article page (spec §2 "N Comments"); comments come later.
export function CommentsPlaceholder({ commentCount }: { commentCount: number }) {
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-20">
      <h2 id="comments-title" className="text-xl font-semibold tracking-tight">
        {commentCount} {commentCount === 1 ? "Comment" : "Comments"}
      </h2>
      <p className="mt-3 rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
        Discussion is coming soon: reading and writing comments arrives with member accounts.
      </p>
    </section>
  );
}
