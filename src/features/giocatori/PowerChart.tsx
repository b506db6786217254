// The Power history as a line (uPlot, MIT, ~50 kB): loaded with React.lazy by the player page's Power section only,
// so no other route carries it. The canvas is hidden from screen readers: the section's caption says the history in
// one sentence and its table «Mostra i dati del grafico» gives every point. It follows its container's width.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { ITALY_TIME_ZONE } from '../../../contract/dates.ts'
import { formatNumber } from '../../ui/format.ts'

export type PuntoPower = { data: string; power: number }

const HEIGHT = 220
// The portal's blue on white (8:1) for the line; axis labels in the muted text colour (7.5:1); a light grid.
const LINE = '#0b4f8a'
const LABELS = '#4a5561'
const GRID = '#dde4eb'

// One formatter per list, not one per name: making a DateTimeFormat is what costs (38 of them held the main
// thread for tens of milliseconds on a phone).
const monthNames = (month: 'long' | 'short') => {
  const format = new Intl.DateTimeFormat('it-IT', { month, timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2024, m, 15)))
}
const dayNames = (weekday: 'long' | 'short') => {
  const format = new Intl.DateTimeFormat('it-IT', { weekday, timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, d) => format.format(Date.UTC(2024, 0, 7 + d)))
}
const ITALIAN_DATES: uPlot.DateNames = {
  MMMM: monthNames('long'),
  MMM: monthNames('short'),
  WWWW: dayNames('long'),
  WWW: dayNames('short'),
}

export default function PowerChart({ punti }: { punti: readonly PuntoPower[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const data: uPlot.AlignedData = [punti.map((p) => Date.parse(p.data) / 1000), punti.map((p) => p.power)]
    const axis = {
      stroke: LABELS,
      grid: { stroke: GRID, width: 1 },
      ticks: { stroke: GRID, width: 1 },
      font: '12px system-ui, sans-serif',
    }
    const chart = new uPlot(
      {
        width: element.clientWidth || 320,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), ITALY_TIME_ZONE),
        fmtDate: (tpl) => uPlot.fmtDate(tpl, ITALIAN_DATES),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          y: {
            range: (_u, min, max) => [Math.max(9, Math.floor(min - 2)), Math.min(99, Math.ceil(max + 2))],
          },
        },
        axes: [
          { ...axis, space: 70 },
          { ...axis, size: 44, values: (_u, splits) => splits.map((v) => formatNumber(v)) },
        ],
        series: [
          {},
          {
            label: 'Power',
            stroke: LINE,
            width: 2,
            points: { show: punti.length <= 40, size: 6, stroke: LINE, fill: '#ffffff' },
          },
        ],
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT })
    })
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [punti])
  return <div ref={box} className="scheda-grafico" aria-hidden="true" />
}
