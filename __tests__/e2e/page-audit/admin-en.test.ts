// The page audit (helpers/page-audit.ts) as the top admin in English, with the screenshots; first,
// on the same browser page, the direction audit's own check on a hand-made page (admin-fa.test.ts
// walks in Persian, which the direction check adds to).
import { directionProblems } from '../audits/direction';
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
  expect(found).toEqual([
    'reordered C++',
    'not-isolated C++',
    'not-isolated vless://x@198.51.100.7:443',
    'latin-digits 8',
    'reordered Falcon VPN <b>',
  ]);
});

auditRole('admin', ['en'], session);
