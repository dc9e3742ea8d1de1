import { FORGOT_PASSWORD_LINK, PATHS } from '../../../src-shared/domain/routes.ts';
import { escapeHtml as e } from '../../http/html.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords.ts';

/** A provider button on the sign-in page: the same request, sent on to Google or Microsoft. */
export interface ProviderLink {
  label: string;
  href: string;
}

/** What the pool's sign-in page shows: its form (where it posts, what it carries), an error, the providers. */
export interface LoginView {
  step: 'sign-in' | 'new-password';
  action: string;
  /** The authorization request and the page's token, carried from step to step. */
  hidden: Record<string, string>;
  username: string;
  error: string | null;
  providers: readonly ProviderLink[];
  siteUrl: string;
}

// The brand's indigo (#3f51b5, the web app's Fluent brand 80) and its darker steps; the page
// has no script and loads nothing, so it looks right at once and under its strict policy.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#1b1d2e;
background:linear-gradient(135deg,#eef0fa 0%,#f7f7fb 55%,#fbeef2 100%)}
main{width:100%;max-width:400px;background:#fff;border:1px solid #e1e3ef;border-radius:12px;padding:32px 28px;
box-shadow:0 8px 24px rgba(20,26,77,.08)}
.brand{display:flex;align-items:center;gap:8px;margin:0 0 24px;font-weight:700;font-size:20px;color:#2c3a9e;text-decoration:none}
.brand span{display:inline-flex;width:28px;height:28px;border-radius:6px;background:#3f51b5;color:#fff;align-items:center;justify-content:center}
h1{font-size:24px;line-height:1.25;margin:0 0 4px}
.lead{margin:0 0 24px;color:#4a4e69;font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 4px}
input{display:block;width:100%;font:inherit;padding:9px 12px;border:1px solid #8a8ea8;border-radius:6px;margin:0 0 16px;color:inherit}
input:focus{outline:2px solid #3f51b5;outline-offset:1px;border-color:#3f51b5}
button,.provider{display:block;width:100%;font:inherit;font-weight:600;text-align:center;padding:10px 12px;border-radius:6px;cursor:pointer}
button{border:0;background:#3f51b5;color:#fff;margin-top:8px}
button:hover{background:#2c3a9e}
button:focus-visible,.provider:focus-visible,a:focus-visible{outline:2px solid #1b1d2e;outline-offset:2px}
.alert{border:1px solid #d13438;background:#fdf3f4;color:#8a1c1f;border-radius:6px;padding:10px 12px;margin:0 0 20px;font-size:14px}
h1+.alert{margin-top:16px}
.or{display:flex;align-items:center;gap:12px;margin:24px 0 16px;color:#4a4e69;font-size:13px}
.or::before,.or::after{content:"";flex:1;border-top:1px solid #e1e3ef}
.provider{border:1px solid #8a8ea8;color:#1b1d2e;background:#fff;text-decoration:none;margin:0 0 8px}
.provider:hover{background:#f4f5fb}
.note{margin:24px 0 0;font-size:13px;color:#4a4e69}
.note a{color:#2c3a9e}
`;

/** The longest address the page takes (Cognito's username limit); a login_hint beyond it is not shown. */
export const ADDRESS_MAX_LENGTH = 128;

const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');

function signInFields(view: LoginView): string {
  return `<label for="username">Email</label>
<input id="username" name="username" type="email" autocomplete="username" required maxlength="${ADDRESS_MAX_LENGTH}" value="${e(view.username)}"${view.username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX_LENGTH}"${view.username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>`;
}

function newPasswordFields(view: LoginView): string {
  return `<input type="hidden" name="username" value="${e(view.username)}" autocomplete="username">
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required maxlength="${PASSWORD_MAX_LENGTH}" autofocus aria-describedby="password-rules">
<label for="confirm_password">Confirm the new password</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required maxlength="${PASSWORD_MAX_LENGTH}">
<p id="password-rules" class="lead">At least ${PASSWORD_MIN_LENGTH} characters, with an upper-case and a lower-case letter, a number and a symbol.</p>
<button type="submit">Set password and sign in</button>`;
}

/** Where someone without an account, or without their password, goes instead: the site. */
function accountHelp(siteUrl: string): string {
  return `<p class="note">No account yet? <a href="${e(new URL(PATHS.signup, siteUrl).href)}">Create one on HireAssist</a>.<br>Forgot your password? <a href="${e(new URL(FORGOT_PASSWORD_LINK, siteUrl).href)}">Reset it on HireAssist</a>.</p>`;
}

const TEXTS = {
  'sign-in': { title: 'Sign in', lead: 'Use your HireAssist email and password.' },
  'new-password': { title: 'Choose a new password', lead: 'Your password was set for you. Choose your own to go on.' },
};

/** The page around every screen of the pool's own (no script, one inline style, nothing loaded). */
function pageHtml({ title, brand, body }: { title: string; brand: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · HireAssist</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${brand}
<h1>${e(title)}</h1>
${body}
</main>
</body>
</html>`;
}

const BRAND_MARK = '<span aria-hidden="true">H</span>HireAssist';

/** The pool's sign-in page (Cognito's managed login): no script, a form that posts to the pool. */
export function loginPageHtml(view: LoginView): string {
  const text = TEXTS[view.step];
  const providers =
    view.step === 'sign-in' && view.providers.length > 0
      ? `<div class="or">or</div>${view.providers.map((link) => `<a class="provider" href="${e(link.href)}">${e(link.label)}</a>`).join('')}`
      : '';
  return pageHtml({
    title: text.title,
    brand: `<a class="brand" href="${e(view.siteUrl)}">${BRAND_MARK}</a>`,
    body: `<p class="lead">${e(text.lead)}</p>
${view.error === null ? '' : `<div class="alert" role="alert">${e(view.error)}</div>`}
<form method="post" action="${e(view.action)}">
${hiddenInputs(view.hidden)}
${view.step === 'sign-in' ? signInFields(view) : newPasswordFields(view)}
</form>
${providers}
${view.step === 'sign-in' ? accountHelp(view.siteUrl) : ''}`,
  });
}

/**
 * What a person sees when the pool cannot send their browser back to the app (its return
 * address or client is not ours, a sign-out link is wrong, a sign-in link has expired): what
 * happened in words, and the OAuth error code for the app's developer. The brand is no link:
 * the page does not know which site the visitor came from.
 */
export function refusalPageHtml({ title, text, code }: { title: string; text: string; code: string }): string {
  return pageHtml({
    title,
    brand: `<p class="brand">${BRAND_MARK}</p>`,
    body: `<div class="alert" role="alert">${e(text)}</div>
<p class="note">For the app's developer: <code>${e(code)}</code></p>`,
  });
}

/** The refusal page's policy: its inline style, nothing else, in no frame. */
export const REFUSAL_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The page's own policy: its inline style and nothing else, and its form may post only here.
 * Chromium applies form-action to the redirect that answers the post too, so the allowed
 * redirect URIs are listed: the way back to the app, by origin for a web app and by scheme for
 * a mobile app's own (myapp://signed-in), which has no origin.
 */
export function loginPagePolicy(allowedRedirectUris: readonly string[]): string {
  const sources = allowedRedirectUris.map((uri) => {
    const url = new URL(uri);
    return url.origin === 'null' ? url.protocol : url.origin;
  });
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...new Set(sources)].join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
