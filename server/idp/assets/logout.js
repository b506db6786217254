// Sends the sign-out form as soon as the page loads: the portal's "Esci" must not stop on a confirmation page
// (identity note, trap 5). A file, not an inline script, because the CSP allows only 'self' scripts.
const form = document.getElementById('logout-form')
if (form instanceof HTMLFormElement) form.submit()
