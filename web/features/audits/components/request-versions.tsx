import type { RequestVersion } from '@shared/schemas/requests'
import { VersionCard } from './version-card'

/** The answers so far, newest first. */
export function RequestVersions({ versions }: { versions: RequestVersion[] }) {
  return (
    <section aria-labelledby="versions-heading" className="grid gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Answers
      </h2>
      {versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing submitted yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Versions">
          {[...versions].reverse().map((version) => (
            <li key={version.id}>
              <VersionCard version={version} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
