// Player names as links to their page (/scheda-giocatore/{id}): «Mario Rossi / Luca Bianchi» in the draws, the
// entrants and the challenges, each name its own link.
import { Fragment } from 'react'
import { Link } from 'react-router'
import { href } from '../app/paths.ts'

export function PlayerLinks({ giocatori }: { giocatori: readonly { id: number; nome: string }[] }) {
  return (
    <>
      {giocatori.map((g, i) => (
        <Fragment key={g.id}>
          {i > 0 && ' / '}
          <Link to={href('schedaGiocatore', { id: g.id })}>{g.nome}</Link>
        </Fragment>
      ))}
    </>
  )
}
