import { useMemo } from 'react'
import { PageTitle } from '../../ui/PageTitle.tsx'

/** A page whose content arrives in a later release: it exists at its path and says so. */
export function soonPage(title: string) {
  return function SoonPage() {
    return useMemo(
      () => (
        <section className="page">
          <PageTitle>{title}</PageTitle>
          <div className="empty-state" role="status">
            <p>
              <strong>In arrivo.</strong> Questa sezione è in preparazione e sarà disponibile a breve.
            </p>
          </div>
        </section>
      ),
      [],
    )
  }
}
