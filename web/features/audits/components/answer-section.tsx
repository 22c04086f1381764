import type { RequestDetail } from '@shared/schemas/requests'
import { Card } from '@/components/ui/card'
import { preparedFiles } from '../lib/prepared-files'
import { AnswerForm } from './answer-form'
import { PutToFirmActions } from './client-ask'
import { FileUpload } from './file-upload'

/** The client's side: attach files and submit the answer, as `allowedActions` permit. */
export function AnswerSection({ request }: { request: RequestDetail }) {
  const canUpload = request.allowedActions.includes('upload')
  const canSubmit = request.allowedActions.includes('submit')
  if (!canUpload && !canSubmit) return null
  return (
    <section aria-labelledby="answer-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="answer-heading" className="text-lg font-semibold">
          Answer
        </h2>
        <PutToFirmActions request={request} />
      </div>
      {canUpload ? (
        <Card className="grid gap-3 p-5">
          <h3 className="text-sm font-medium">
            Files{request.documentRequired ? ' (a document is required)' : ' (optional)'}
          </h3>
          <FileUpload request={request} />
        </Card>
      ) : null}
      {canSubmit ? (
        <Card className="p-5">
          <AnswerForm
            key={request.id}
            request={request}
            hasDocument={preparedFiles(request).length > 0}
          />
        </Card>
      ) : null}
    </section>
  )
}
