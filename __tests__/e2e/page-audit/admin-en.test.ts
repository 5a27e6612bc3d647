// The page audit (helpers/page-audit.ts) as the top admin in English, with the screenshots; first,
// on the same browser page, the direction audit's own check on a hand-made page (admin-fa.test.ts
// walks in Persian, which the direction check adds to).
import { directionProblems } from '../audits/direction';
import { coveredInputs } from '../helpers/layout-check';
import { auditRole, auditSession } from '../helpers/page-audit';

const session = auditSession();

test('the direction audit catches a reversed token, a name drawn out of order, a bare direction and Latin digits, and passes isolated ones', async () => {
  const { page } = session;
  await page.setContent(`<html dir="rtl" lang="fa"><body>
    <label id="a">کلید C++</label>
    <label id="b">کلید \u2066C++\u2069</label>
    <p id="c">آدرس <span style="direction: ltr">vless://x@198.51.100.7:443</span></p>
    <p id="d">آدرس <bdi dir="ltr">vless://x@198.51.100.7:443</bdi> و بسته <span dir="ltr">com.alpha.vpn</span></p>
    <p id="e">حداقل 8 نویسه</p>
    <p id="f">حداقل ۸ نویسه، نسخه <bdi dir="ltr">1.2.3</bdi>، مدل Redmi Note 10</p>
    <div style="direction: ltr">2001:db8::7</div>
    <h1 id="g">Gamma VPN (beta)</h1>
    <h1 id="h"><bdi>Gamma VPN (beta)</bdi> · <bdi dir="auto">Falcon VPN &lt;b&gt;</bdi> · <bdi dir="auto">Speed C++</bdi></h1>
    <h1 id="i">Falcon VPN &lt;b&gt;</h1>
  </body></html>`);
  const found = (await directionProblems(page)).map((p) => `${p.kind} ${p.token}`);
  // A name ending in neutrals, not isolated, is drawn out of order ("++C", ">Falcon VPN <b"): found by
  // where its characters are. "(beta)" keeps its order: the bidi algorithm pairs brackets (rule N0).
  expect(found).toEqual(['reordered C++', 'not-isolated C++', 'not-isolated vless://x@198.51.100.7:443', 'latin-digits 8', 'reordered Falcon VPN <b>']);
});

test('the layout audit finds a button lying over the text of an input, and passes one kept clear of it', async () => {
  const { page } = session;
  // As the sign-in page had it in Persian: the input is left to right, so its end padding is on the
  // right, while the button sits at the page's end, on the left.
  const field = (id: string, extra: string) => `<div style="position: relative; width: 320px; margin: 8px">
      <input id="${id}" aria-label="${id}" dir="ltr" style="box-sizing: border-box; width: 100%; height: 56px; padding: 16px 14px; padding-inline-end: 52px; ${extra}">
      <button aria-label="show" style="position: absolute; top: 8px; inset-inline-end: 2px; width: 40px; height: 40px">👁</button>
    </div>`;
  await page.setContent(`<html dir="rtl" lang="fa"><body>${field('covered', '')}${field('clear', 'padding-left: 52px; padding-right: 14px')}</body></html>`);
  expect(await coveredInputs(page)).toEqual(['"show" lies over the text of the input "covered"']);
});

auditRole('admin', ['en'], session);
