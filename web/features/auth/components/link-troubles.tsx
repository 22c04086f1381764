/** Why a link from an e-mail may not have worked: the box under a failed link's message. */
export function LinkTroubles({ reasons }: { reasons: string[] }) {
  return (
    <div className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
      <p className="mb-2 font-medium text-foreground">This can happen when:</p>
      <ul className="grid list-disc gap-1 pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  )
}
