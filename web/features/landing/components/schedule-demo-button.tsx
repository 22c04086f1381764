import { lazy, Suspense, useRef, useState } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'

// The dialog (and Radix's focus trap and scroll lock) loads on first use, not with the page.
const loadDemoDialog = () => import('./demo-dialog')
const DemoDialog = lazy(() => loadDemoDialog().then((m) => ({ default: m.DemoDialog })))
const preload = () => {
  loadDemoDialog().catch(() => undefined)
}

/** "Schedule a demo": opens a small dialog with the address to write to. */
export function ScheduleDemoButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        {...props}
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        Schedule a demo
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <DemoDialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  )
}
