// The profile (issue 23 item 1) at 375 px: Luca Bianchi (giocatore@demo.it, a complete profile) is greeted, not
// asked to complete it; he picks a photo with GPS data in it, crops it with the keyboard looking at the preview,
// saves it and sees what the server stored (the GPS gone); a PDF is refused in Italian; he saves his shipping
// address (the comune's only CAP filled in; a wrong one refused); he removes the photo. Axe clean on each screen.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInOnIdentityPage } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 60_000 })
}

/** A landscape photo-like JPEG with the place it was taken in its EXIF. */
async function photoWithGps(file: string) {
  const width = 1200
  const height = 900
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const inFace = (x - 600) ** 2 / 200 ** 2 + (y - 420) ** 2 / 260 ** 2 < 1
      raw[i] = inFace ? 230 : 60 + (x * 120) / width
      raw[i + 1] = inFace ? 190 : 110
      raw[i + 2] = inFace ? 160 : 170 - (y * 80) / height
    }
  }
  await sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 54/1 0/1' } })
    .jpeg()
    .toFile(file)
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL! }])
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('profilo', () => {
  test.describe.configure({ timeout: 420_000 })

  test('un giocatore cura fototessera e dati di spedizione a 375 px', async ({ page }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fototessera-'))
    const photo = path.join(dir, 'vacanze.jpg')
    await photoWithGps(photo)
    const pdf = path.join(dir, 'documento.pdf')
    fs.writeFileSync(pdf, '%PDF-1.7\n%non una foto\n')

    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/modifica-profilo')
    await expect(page).toHaveURL(/\/idp\//)
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    await expect(page.getByRole('heading', { level: 1, name: 'Modifica profilo' })).toBeVisible()
    await expect(page.getByText(/^Luca Bianchi, qui aggiorni i tuoi dati anagrafici/)).toBeVisible()
    await expect(page.getByText('Completa i tuoi dati anagrafici')).toHaveCount(0)
    const foto = page.getByRole('region', { name: 'Fototessera' })
    // The account may keep a photo from an earlier run: start from none.
    if (await foto.getByRole('button', { name: 'Rimuovi la fototessera' }).isVisible()) {
      await foto.getByRole('button', { name: 'Rimuovi la fototessera' }).click()
      await expect(foto.getByText('Fototessera rimossa.')).toBeVisible()
    }
    await expect(foto.getByRole('img', { name: 'Nessuna fototessera' })).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'profilo-375')

    // A PDF is refused before anything is sent.
    await foto.getByLabel('Scegli la fototessera').setInputFiles(pdf)
    await expect(foto.getByRole('alert')).toHaveText('Il file non è una foto in formato JPEG, PNG o WebP.')

    // The photo: cropped with the keyboard, the preview following.
    await foto.getByLabel('Scegli la fototessera').setInputFiles(photo)
    const crop = foto.getByRole('group', { name: 'Ritaglia la foto' })
    await expect(crop.getByRole('img', { name: 'Anteprima della fototessera ritagliata' })).toBeVisible()
    const zoom = crop.getByRole('slider', { name: 'Ingrandimento' })
    await zoom.focus()
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
    await expect(zoom).toHaveAttribute('aria-valuetext', '130 %')
    const horizontal = crop.getByRole('slider', { name: 'Posizione orizzontale' })
    await horizontal.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(horizontal).toHaveAttribute('aria-valuetext', 'al centro')
    await expectNoAxeViolations(page)
    await shot(page, 'profilo-ritaglio-375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'profilo-ritaglio-1280')
    await page.setViewportSize({ width: 375, height: 800 })

    await crop.getByRole('button', { name: 'Salva la fototessera' }).click()
    await expect(foto.getByText('Fototessera salvata.')).toBeVisible()
    const stored = foto.getByRole('img', { name: 'La tua fototessera' })
    await expect(stored).toBeVisible()
    // What the server stored: the card's size, and the GPS position gone.
    const token = await page.evaluate(() => localStorage.getItem('tokenAdb2c'))
    const response = await page.request.get('/api/v1/profilo/fototessera.jpg', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.headers()['content-type']).toBe('image/jpeg')
    const meta = await sharp(await response.body()).metadata()
    expect([meta.width, meta.height, meta.exif]).toEqual([420, 540, undefined])
    expect((await page.request.get('/api/v1/profilo/fototessera.jpg')).status()).toBe(401)
    await expectNoAxeViolations(page)

    // The shipping address.
    const spedizione = page.getByRole('form', { name: 'Dati di spedizione' })
    await spedizione.getByLabel('Indirizzo e numero civico').fill('Corso Europa 3')
    await spedizione.getByLabel('Provincia').selectOption({ label: 'Milano (MI)' })
    await spedizione.getByRole('combobox', { name: 'Comune' }).selectOption('Milano')
    await spedizione.getByLabel('CAP').fill('00183')
    await spedizione.getByRole('button', { name: 'Salva l’indirizzo' }).click()
    await expect(spedizione.getByText('CAP: Non è un CAP di Milano.')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'profilo-spedizione-errori-375')
    await spedizione.getByRole('combobox', { name: 'Comune' }).selectOption('Rho')
    await expect(spedizione.getByLabel('CAP')).toHaveValue('20017')
    await spedizione.getByRole('button', { name: 'Salva l’indirizzo' }).click()
    await expect(spedizione.getByText('Dati di spedizione salvati.')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'profilo-salvato-375')

    // Saved for real: a reload shows photo and address again.
    await page.reload()
    await expect(page.getByRole('img', { name: 'La tua fototessera' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Dati di spedizione' }).getByLabel('CAP')).toHaveValue(
      '20017',
    )
    await page.setViewportSize({ width: 1280, height: 900 })
    await expectNoAxeViolations(page)
    await shot(page, 'profilo-1280')

    await page.getByRole('button', { name: 'Rimuovi la fototessera' }).click()
    await expect(page.getByText('Fototessera rimossa.')).toBeVisible()
    await expect(page.getByRole('img', { name: 'Nessuna fototessera' })).toBeVisible()
  })
})
