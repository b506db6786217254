// The federation's details, shown on the contacts, privacy and accessibility pages. Fictitious: this is a demo
// portal, the reserved .example domain keeps the addresses from reaching anyone.
export const FEDERAZIONE = {
  nome: 'Federazione Italiana Sport di Racchetta',
  portale: 'Portale Federale Racchette',
  indirizzo: { via: 'Viale delle Racchette 12', cap: '00135', citta: 'Roma', provincia: 'RM' },
  email: 'segreteria@federazione-racchette.example',
  pec: 'federazione-racchette@pec.example',
  dpo: 'dpo@federazione-racchette.example',
  accessibilita: 'accessibilita@federazione-racchette.example',
  telefono: { testo: '06 0000 4500', tel: '+390600004500' },
  orari: 'dal lunedì al venerdì, dalle 9:30 alle 13:00 e dalle 14:30 alle 17:00',
} as const

export const indirizzoCompleto = () => {
  const { via, cap, citta, provincia } = FEDERAZIONE.indirizzo
  return `${via}, ${cap} ${citta} (${provincia})`
}
