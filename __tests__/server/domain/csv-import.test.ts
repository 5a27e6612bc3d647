// Profile CSV import: header handling, per-row validation with exact row numbers, file limits.
import { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_MESSAGES as C, SHARE_LINK_MESSAGES as M, PROFILE_NAME_MAX, V, messageRef } from '../../../src/contract';
import { isCsvFailure, parseProfileCsv, type CsvImportResult } from '../../../server/src/domain/csv-import';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const vless = (n: number) => `vless://${uuid(n)}@s${n % 50}.example.com:443?encryption=none&security=tls&type=ws&path=%2Fws#S-${n}`;
const vmess = (n: number) =>
  'vmess://' + Buffer.from(JSON.stringify({ v: '2', ps: `S-${n}`, add: 'vm.example.com', port: 443, id: uuid(n), net: 'ws', tls: 'tls' })).toString('base64');

const HEADER = 'address,name,protocol,type';
const goodLine = (n: number) => (n % 2 ? `${vless(n)},S-${n},vless,normal` : `${vmess(n)},S ${n}_x,vmess,`);

function errors(r: CsvImportResult) {
  if (!isCsvFailure(r)) throw new Error(`expected errors, got ${r.rows.length} rows`);
  return r.errors;
}
function rows(r: CsvImportResult) {
  if (isCsvFailure(r)) throw new Error(`expected rows, got ${JSON.stringify(r.errors.slice(0, 5))}`);
  return r.rows;
}

describe('parseProfileCsv: good files', () => {
  test('valid rows come back trimmed, typed and with their parsed links', async () => {
    const csv = [HEADER, `${vless(1)}, Tehran-1 ,vless,normal`, ` ${vmess(2)} ,Berlin_2,VMESS,`].join('\n');
    const out = rows(await parseProfileCsv(csv));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ row: 1, name: 'Tehran-1', address: vless(1), protocol: 'vless', type: 'normal' });
    expect(out[0].link.host).toBe('s1.example.com');
    // Empty type means normal; the protocol cell is case-insensitive.
    expect(out[1]).toMatchObject({ row: 2, name: 'Berlin_2', address: vmess(2), protocol: 'vmess', type: 'normal' });
    expect(out[1].link.host).toBe('vm.example.com');
  });

  test('columns in any order, located by the header (case and spaces ignored); extra columns ignored', async () => {
    const csv = [' Name ,TYPE,note,protocol,address', `S-1,normal,hello,vless,${vless(1)}`].join('\r\n');
    expect(rows(await parseProfileCsv(csv))[0]).toMatchObject({ name: 'S-1', protocol: 'vless', address: vless(1) });
  });

  test('a UTF-8 byte-order mark is ignored, as text and as bytes', async () => {
    const csv = `\uFEFF${HEADER}\n${goodLine(1)}\n`;
    expect(rows(await parseProfileCsv(csv))).toHaveLength(1);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${HEADER}\n${goodLine(1)}\n`)]);
    expect(rows(await parseProfileCsv(bytes))).toHaveLength(1);
    // The same bytes without the BOM.
    expect(rows(await parseProfileCsv(Buffer.from(`${HEADER}\n${goodLine(1)}`)))).toHaveLength(1);
  });

  test('a quoted address may contain commas', async () => {
    const link = vless(3).replace('type=ws', 'type=ws&alpn=h2,http/1.1');
    const out = rows(await parseProfileCsv(`${HEADER}\n"${link}",S-3,vless,normal\n`));
    expect(out[0].link.params.alpn).toBe('h2,http/1.1');
  });
});

describe('parseProfileCsv: row errors', () => {
  test('one bad row among 1,000 good ones is reported with exactly its data row number', async () => {
    const lines = [HEADER];
    for (let n = 1; n <= 1000; n++) lines.push(n === 537 ? `${vless(n)},سرور,vless,normal` : goodLine(n));
    const errs = errors(await parseProfileCsv(lines.join('\n') + '\n'));
    expect(errs).toEqual([{ row: 537, field: 'name', reason: V.profileName }]);
  });

  test('every failing row is collected, not just the first, each field separately', async () => {
    const csv = [
      HEADER,
      goodLine(1),
      `${vless(2)},bad/name,vless,normal`, // row 2
      goodLine(3),
      `${vmess(4)},S-4,vless,normal`, // row 4: vmess link under protocol vless
      `${vless(5)},S-5,vless,smart`, // row 5: type must be normal
      `not-a-link,,trojan,normal`, // row 6: three faults
    ].join('\n');
    expect(errors(await parseProfileCsv(csv))).toEqual([
      { row: 2, field: 'name', reason: V.profileName },
      { row: 4, field: 'address', reason: M.protocolMismatch },
      { row: 5, field: 'type', reason: C.typeNotNormal },
      { row: 6, field: 'name', reason: V.required },
      { row: 6, field: 'protocol', reason: V.oneOf },
      { row: 6, field: 'address', reason: M.unknownScheme },
    ]);
  });

  test('a Persian name is refused', async () => {
    expect(errors(await parseProfileCsv(`${HEADER}\n${vless(1)},سرور آلمان,vless,normal`))).toEqual([{ row: 1, field: 'name', reason: V.profileName }]);
  });

  test('protocol/link mismatch both ways', async () => {
    const csv = `${HEADER}\n${vless(1)},A,vmess,normal\n${vmess(2)},B,vless,normal`;
    expect(errors(await parseProfileCsv(csv))).toEqual([
      { row: 1, field: 'address', reason: M.protocolMismatch },
      { row: 2, field: 'address', reason: M.protocolMismatch },
    ]);
  });

  test('a broken link reports the share-link reason', async () => {
    const csv = `${HEADER}\nvless://${uuid(1)}@x.example.com:70000?type=ws,A,vless,normal`;
    expect(errors(await parseProfileCsv(csv))).toEqual([{ row: 1, field: 'address', reason: M.badPort }]);
  });

  test('blank lines are skipped but counted, so row numbers match the lines after the header', async () => {
    const csv = [HEADER, goodLine(1), '', '   ', goodLine(4), `${vless(5)},bad!,vless,normal`].join('\n');
    expect(errors(await parseProfileCsv(csv))).toEqual([{ row: 5, field: 'name', reason: V.profileName }]);
  });

  test('a row with the wrong number of fields (an unquoted comma in the link) is reported as such', async () => {
    const link = vless(2).replace('type=ws', 'type=ws&alpn=h2,http/1.1');
    const csv = `${HEADER}\n${goodLine(1)}\n${link},S-2,vless,normal\n${vless(3)},S-3,vless`;
    expect(errors(await parseProfileCsv(csv))).toEqual([
      { row: 2, field: null, reason: C.fieldCount },
      { row: 3, field: null, reason: C.fieldCount },
    ]);
  });

  test('an unterminated quote is reported on its row', async () => {
    const csv = `${HEADER}\n${goodLine(1)}\n"${vless(2)},S-2,vless,normal`;
    expect(errors(await parseProfileCsv(csv))).toEqual([{ row: 2, field: null, reason: C.malformed }]);
  });

  test('a name longer than 100 characters is refused', async () => {
    expect(errors(await parseProfileCsv(`${HEADER}\n${vless(1)},${'a'.repeat(101)},vless,normal`))).toEqual([
      { row: 1, field: 'name', reason: messageRef(V.tooLong, { max: PROFILE_NAME_MAX }) },
    ]);
  });
});

describe('parseProfileCsv: file-level errors (row 0)', () => {
  test('an empty file', async () => {
    expect(errors(await parseProfileCsv(''))).toEqual([{ row: 0, field: null, reason: C.empty }]);
    expect(errors(await parseProfileCsv(' \n\r\n '))).toEqual([{ row: 0, field: null, reason: C.empty }]);
    expect(errors(await parseProfileCsv(Buffer.from([0xef, 0xbb, 0xbf])))).toEqual([{ row: 0, field: null, reason: C.empty }]);
    expect(errors(await parseProfileCsv(',,,\n'))).toEqual([{ row: 0, field: null, reason: C.empty }]);
  });

  test('a header with no data rows', async () => {
    expect(errors(await parseProfileCsv(HEADER))).toEqual([{ row: 0, field: null, reason: C.noRows }]);
    expect(errors(await parseProfileCsv(`${HEADER}\n\n\n`))).toEqual([{ row: 0, field: null, reason: C.noRows }]);
  });

  test('a missing column is named; several are all named', async () => {
    expect(errors(await parseProfileCsv(`address,name,protocol\n${vless(1)},S-1,vless`))).toEqual([{ row: 0, field: 'type', reason: C.missingColumn }]);
    expect(errors(await parseProfileCsv(`name,protocol\nS-1,vless`))).toEqual([
      { row: 0, field: 'address', reason: C.missingColumn },
      { row: 0, field: 'type', reason: C.missingColumn },
    ]);
  });

  test('a file without a header row (data in the first line) reports the missing columns', async () => {
    const errs = errors(await parseProfileCsv(`${goodLine(1)}\n${goodLine(3)}`));
    expect(errs.map((e) => e.field)).toEqual(['address', 'name', 'protocol', 'type']);
    expect(errs.every((e) => e.reason === C.missingColumn && e.row === 0)).toBe(true);
  });

  test('a duplicated column', async () => {
    expect(errors(await parseProfileCsv(`address,name,protocol,type,name\n${goodLine(1)},x`))).toEqual([{ row: 0, field: 'name', reason: C.duplicateColumn }]);
  });

  test('bytes that are not UTF-8', async () => {
    const latin1 = Buffer.from(`${HEADER}\n${vless(1)},caf\xe9,vless,normal`, 'latin1');
    expect(errors(await parseProfileCsv(latin1))).toEqual([{ row: 0, field: null, reason: C.notUtf8 }]);
  });

  test(`more than CSV_MAX_ROWS (${CSV_MAX_ROWS}) data rows`, async () => {
    const body = 'a,b,vless,\n'.repeat(CSV_MAX_ROWS);
    // Exactly the limit is not refused for its size (the rows fail on their content instead).
    const atLimit = errors(await parseProfileCsv(`${HEADER}\n${body}`));
    expect(atLimit[0].row).toBe(1);
    expect(atLimit.some((e) => e.reason === C.tooManyRows)).toBe(false);
    expect(errors(await parseProfileCsv(`${HEADER}\n${body}a,b,vless,\n`))).toEqual([{ row: 0, field: null, reason: C.tooManyRows }]);
  });

  test('a smaller row limit can be passed in', async () => {
    const csv = [HEADER, goodLine(1), goodLine(2), goodLine(3)].join('\n');
    expect(errors(await parseProfileCsv(csv, { maxRows: 2 }))).toEqual([{ row: 0, field: null, reason: C.tooManyRows }]);
    expect(rows(await parseProfileCsv(csv, { maxRows: 3 }))).toHaveLength(3);
  });

  test(`more than CSV_MAX_BYTES (${CSV_MAX_BYTES}) bytes`, async () => {
    const big = Buffer.alloc(CSV_MAX_BYTES + 1, 0x61);
    expect(errors(await parseProfileCsv(big))).toEqual([{ row: 0, field: null, reason: C.tooLarge }]);
    expect(errors(await parseProfileCsv(big.toString('latin1')))).toEqual([{ row: 0, field: null, reason: C.tooLarge }]);
  });
});

describe('parseProfileCsv: a long file does not hold the event loop', () => {
  test('other work runs between slices of rows, and the result is the same as in one go', async () => {
    const csv = [HEADER, ...Array.from({ length: 3000 }, (_, i) => goodLine(i + 1))].join('\n');
    const order: string[] = [];
    const parsing = parseProfileCsv(csv, { slice: 100 }).then((r) => (order.push('parsed'), r));
    setImmediate(() => order.push('other request'));
    const sliced = rows(await parsing);
    expect(order).toEqual(['other request', 'parsed']);
    expect(sliced).toEqual(rows(await parseProfileCsv(csv, { slice: 1_000_000 })));
    expect(sliced).toHaveLength(3000);
  });
});
