// The page audit (helpers/page-audit.ts) as the top admin in English, with the screenshots; first,
// on the same browser page, the direction audit's own check on a hand-made page (admin-fa.test.ts
// walks in Persian, which the direction check adds to).
import { directionProblems } from '../audits/direction';
import { auditRole, auditSession } from '../helpers/page-audit';

const session = auditSession();

test('the direction audit catches a reversed token, a bare direction and Latin digits, and passes isolated ones', async () => {
  const { page } = session;
  await page.setContent(`<html dir="rtl" lang="fa"><body>
    <label id="a">کلید C++</label>
    <label id="b">کلید \u2066C++\u2069</label>
    <p id="c">آدرس <span style="direction: ltr">vless://x@198.51.100.7:443</span></p>
    <p id="d">آدرس <bdi dir="ltr">vless://x@198.51.100.7:443</bdi> و بسته <span dir="ltr">com.alpha.vpn</span></p>
    <p id="e">حداقل 8 نویسه</p>
    <p id="f">حداقل ۸ نویسه، نسخه <bdi dir="ltr">1.2.3</bdi>، مدل Redmi Note 10</p>
    <div style="direction: ltr">2001:db8::7</div>
  </body></html>`);
  const found = (await directionProblems(page)).map((p) => `${p.kind} ${p.token}`);
  expect(found).toEqual(['not-isolated C++', 'not-isolated vless://x@198.51.100.7:443', 'latin-digits 8']);
});

auditRole('admin', ['en'], session);
