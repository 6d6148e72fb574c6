import { describe, expect, it } from 'vitest';
import { cardsToCsv } from '@shared/card-csv';
import { CARD_TEXT_FIELDS, REQUIRED_TEXT_FIELDS, TEXT_FIELD_NAMES, type CardTextField } from '@shared/card-fields';
import { CARD_TEXT_MAX } from '@shared/constants';
import {
  assignRole,
  cellsAreHtml,
  chunks,
  columnNames,
  decodeText,
  htmlToText,
  initialRoles,
  looksLikeHeader,
  parseText,
  planImport,
  previewRows,
  unescapeSeparator,
  type ColumnRole,
} from './text-import';
import ankiPlainText from './fixtures/anki-notes-plain-text.txt?raw';

/** Parsed with detection, the header as detected and the mapping it starts with. */
function read(text: string, choice = { columns: null as string | null, rows: null as string | null }) {
  const parsed = parseText(text, choice);
  const header = looksLikeHeader(parsed);
  const roles = initialRoles(parsed, header, null);
  return { parsed, header, roles, plan: planImport(parsed, header, roles) };
}
const cardsOf = (text: string, choice?: Parameters<typeof read>[1]) => read(text, choice).plan.cards.map((c) => c.card);

describe('parseText: Quizlet exports', () => {
  it('reads the default export (tab between term and definition, new line between rows) with ; and , inside cards', () => {
    const text = 'to be\tser; estar\nto have\ttener, haber\nthe house\tla casa\n';
    const { parsed, header, plan } = read(text);
    expect(parsed.columns).toBe('\t');
    expect(parsed.rows).toBe('\n');
    expect(header).toBe(false);
    expect(plan.cards.map((c) => c.card)).toEqual([
      { en: 'to be', es: 'ser; estar' },
      { en: 'to have', es: 'tener, haber' },
      { en: 'the house', es: 'la casa' },
    ]);
    expect(plan.cards.map((c) => c.row)).toEqual([1, 2, 3]);
    expect(plan.problems).toEqual([]);
  });

  it('detects "between rows: semicolon" in a one-line export', () => {
    const { parsed, plan } = read('cat\tgato;dog\tperro;bird\tpájaro;');
    expect(parsed.rows).toBe(';');
    expect(parsed.columns).toBe('\t');
    expect(plan.cards.map((c) => c.card.es)).toEqual(['gato', 'perro', 'pájaro']);
    expect(plan.empty).toBe(1);
  });

  it('reads "between rows: semicolon" with comma between term and definition', () => {
    expect(cardsOf('cat,gato;dog,perro;')).toEqual([
      { en: 'cat', es: 'gato' },
      { en: 'dog', es: 'perro' },
    ]);
  });

  it('reads custom separators: " - " between term and definition, a blank line between rows, new lines inside cards', () => {
    const text =
      'to run - correr\n(also: to jog)\n\nthe "big" house - la casa "grande"\n\nsemicolon; here - punto y coma; aquí\n\n';
    const cards = cardsOf(text, { columns: ' - ', rows: unescapeSeparator('\\n\\n') });
    expect(cards).toEqual([
      { en: 'to run', es: 'correr\n(also: to jog)' },
      { en: 'the "big" house', es: 'la casa "grande"' },
      { en: 'semicolon; here', es: 'punto y coma; aquí' },
    ]);
  });

  it('reads custom multi-character separators with CRLF line ends inside cards', () => {
    const text = 'one ==> uno\r\n(number) ||| two ==> dos |||three ==> tres';
    expect(cardsOf(text, { columns: ' ==> ', rows: '|||' })).toEqual([
      { en: 'one', es: 'uno\n(number)' },
      { en: 'two', es: 'dos' },
      { en: 'three', es: 'tres' },
    ]);
  });

  it('reads a semicolon chosen between term and definition', () => {
    expect(cardsOf('cat;gato\ndog;perro', { columns: ';', rows: null })).toEqual([
      { en: 'cat', es: 'gato' },
      { en: 'dog', es: 'perro' },
    ]);
  });
});

describe('parseText: Anki text exports', () => {
  it('follows #separator, #html and #tags column; HTML becomes plain text', () => {
    const text = [
      '#separator:tab',
      '#html:true',
      '#tags column:3',
      'cat\t<b>gato</b><br>el gato\tanimals',
      '"big\ndog"\tperro&nbsp;&nbsp;grande [sound:perro.mp3]\tanimals pets',
      'bird\t<div>pájaro</div><div><img src="bird.jpg"></div>\tanimals',
      '',
    ].join('\n');
    const { parsed, header, roles, plan } = read(text);
    expect(parsed.headers).toMatchObject({ separator: '\t', html: true, metaColumns: [2] });
    expect(header).toBe(false);
    expect(roles).toEqual(['en', 'es', 'ignore']);
    expect(plan.cards).toEqual([
      { row: 4, card: { en: 'cat', es: 'gato\nel gato' } },
      { row: 5, card: { en: 'big\ndog', es: 'perro grande' } },
      { row: 6, card: { en: 'bird', es: 'pájaro' } },
    ]);
  });

  it('reads #separator by name and #columns with that separator; the names set the mapping', () => {
    const text = [
      '#separator:Semicolon',
      '#html:false',
      '#columns:Notes;Spanish;English;Spanish pronunciation',
      'pets;gato;cat;GAH-toh',
      'a <b> tag;etiqueta;tag;',
    ].join('\r\n');
    const { parsed, header, roles, plan } = read(text);
    expect(parsed.columns).toBe(';');
    expect(columnNames(parsed, header)).toEqual(['Notes', 'Spanish', 'English', 'Spanish pronunciation']);
    expect(roles).toEqual(['ignore', 'es', 'en', 'es_pronunciation']);
    expect(plan.cards.map((c) => c.card)).toEqual([
      { en: 'cat', es: 'gato', es_pronunciation: 'GAH-toh' },
      { en: 'tag', es: 'etiqueta' },
    ]);
    expect(plan.cards[0]!.row).toBe(4);
  });

  it('keeps text that looks like HTML as written when the file says nothing, and reduces it when the parent says so', () => {
    const text = 'cat\t<i>gato</i> &amp; <span>felino</span>\nTom & Jerry <b>not bold</b>\tperro';
    expect(cardsOf(text)).toEqual([
      { en: 'cat', es: '<i>gato</i> &amp; <span>felino</span>' },
      { en: 'Tom & Jerry <b>not bold</b>', es: 'perro' },
    ]);
    const { parsed, header, roles } = read(text);
    expect(planImport(parsed, header, roles, true).cards.map((c) => c.card)).toEqual([
      { en: 'cat', es: 'gato & felino' },
      { en: 'Tom & Jerry not bold', es: 'perro' },
    ]);
    expect(previewRows(parsed, header, 1, true)[0]!.cells).toEqual(['cat', 'gato & felino']);
    expect(previewRows(parsed, header, 1)[0]!.cells).toEqual(['cat', '<i>gato</i> &amp; <span>felino</span>']);
  });

  it('lets the parent read the cells as text although the file says #html:true', () => {
    const { parsed, header, roles } = read('#separator:tab\n#html:true\nTom &amp; Jerry\t<b>gato</b>\ndog\tperro\n');
    expect(planImport(parsed, header, roles).cards[0]!.card).toEqual({ en: 'Tom & Jerry', es: 'gato' });
    expect(planImport(parsed, header, roles, cellsAreHtml(parsed, false)).cards[0]!.card).toEqual({
      en: 'Tom &amp; Jerry',
      es: '<b>gato</b>',
    });
  });
});

describe('parseText: spreadsheets', () => {
  it('reads Excel "CSV UTF-8": BOM, CRLF, a header row, quoted fields with commas, quotes and new lines', () => {
    const text =
      '\uFEFFEnglish,Spanish,English pronunciation\r\n' +
      'cat,gato,kat\r\n' +
      '"hello, friend","hola, amigo",\r\n' +
      '"say ""hi""","di ""hola""",\r\n' +
      '"two\r\nlines",dos líneas,\r\n';
    const { parsed, header, roles, plan } = read(text);
    expect(parsed.columns).toBe(',');
    expect(header).toBe(true);
    expect(roles).toEqual(['en', 'es', 'en_pronunciation']);
    expect(plan.cards).toEqual([
      { row: 2, card: { en: 'cat', es: 'gato', en_pronunciation: 'kat' } },
      { row: 3, card: { en: 'hello, friend', es: 'hola, amigo' } },
      { row: 4, card: { en: 'say "hi"', es: 'di "hola"' } },
      { row: 5, card: { en: 'two\r\nlines', es: 'dos líneas' } },
    ]);
  });

  it('reads its own CSV export (the header row names every field)', () => {
    const text =
      '\uFEFFenglish,spanish,english_pronunciation,spanish_pronunciation\r\ncat,gato,kat,GAH-toh\r\ndog,perro,,\r\n';
    const { roles, plan } = read(text);
    expect(roles).toEqual(['en', 'es', 'en_pronunciation', 'es_pronunciation']);
    expect(plan.cards.map((c) => c.card)).toEqual([
      { en: 'cat', es: 'gato', en_pronunciation: 'kat', es_pronunciation: 'GAH-toh' },
      { en: 'dog', es: 'perro' },
    ]);
  });

  it('reads a Google Sheets TSV download with a Spanish header row', () => {
    const text =
      'Inglés\tEspañol\tPronunciación en español\r\nbook\tlibro\tLEE-broh\r\n"two\nlines"\t"dos\nlíneas"\t\r\napple\tmanzana\tmahn-SAH-nah';
    const { parsed, header, roles, plan } = read(text);
    expect(parsed.columns).toBe('\t');
    expect(header).toBe(true);
    expect(roles).toEqual(['en', 'es', 'es_pronunciation']);
    expect(plan.cards.map((c) => c.card)).toEqual([
      { en: 'book', es: 'libro', es_pronunciation: 'LEE-broh' },
      { en: 'two\nlines', es: 'dos\nlíneas' },
      { en: 'apple', es: 'manzana', es_pronunciation: 'mahn-SAH-nah' },
    ]);
  });

  it('leaves out empty lines without a word, keeping the row numbers of the file', () => {
    const { plan } = read('cat\tgato\n\n   \t  \ndog\tperro\n\n');
    expect(plan.cards.map((c) => c.row)).toEqual([1, 4]);
    expect(plan.empty).toBe(4);
    expect(plan.problems).toEqual([]);
  });

  it('names a row whose quoted field never closes', () => {
    const { parsed } = read('cat,gato\n"dog,perro\nbird,pájaro\n');
    expect(parsed.quoteProblems).toEqual([2]);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 (dropping a BOM) and falls back to Windows-1252 for plain Excel CSV', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x66, 0xc3, 0xa9]))).toBe('café');
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x6e, 0xf1]))).toBe('café,nñ');
  });
});

describe('planImport', () => {
  it('lists rows with a blank side or text over the card limits, by row number and reason', () => {
    const long = 'x'.repeat(CARD_TEXT_MAX + 1);
    const text = `English,Spanish\ncat,gato\n,perro\nbird,\n${long},pájaro\nfish,${'y'.repeat(CARD_TEXT_MAX)}\n`;
    const { plan } = read(text);
    expect(plan.cards.map((c) => c.row)).toEqual([2, 6]);
    expect(plan.problems).toEqual([
      { row: 3, issues: [{ field: 'en', kind: 'blank' }] },
      { row: 4, issues: [{ field: 'es', kind: 'blank' }] },
      { row: 5, issues: [{ field: 'en', kind: 'too_long', max: CARD_TEXT_MAX }] },
    ]);
  });

  it('says which side is not mapped, and imports nothing then', () => {
    const parsed = parseText('cat\tgato');
    const plan = planImport(parsed, false, ['en', 'ignore']);
    expect(plan.unmapped).toEqual(['es']);
    expect(plan.cards).toEqual([]);
  });

  it('switching the header on takes the first row out of the data', () => {
    const parsed = parseText('term\tdefinition\ncat\tgato');
    expect(planImport(parsed, false, ['en', 'es']).cards).toHaveLength(2);
    expect(planImport(parsed, true, ['en', 'es']).cards.map((c) => c.row)).toEqual([2]);
    expect(previewRows(parsed, true, 5)).toEqual([{ row: 2, cells: ['cat', 'gato'] }]);
  });
});

describe('mapping', () => {
  it('a role given to another column leaves the column that had it', () => {
    expect(assignRole(['en', 'es', 'ignore'], 2, 'en')).toEqual(['ignore', 'es', 'en']);
    expect(assignRole(['en', 'es'], 0, 'es')).toEqual(['es', 'ignore']);
    expect(assignRole(['en', 'es'], 0, 'ignore')).toEqual(['ignore', 'es']);
  });

  it('uses the remembered mapping when the columns fit it, and not when they do not', () => {
    const remembered: ColumnRole[] = ['es', 'en', 'ignore'];
    expect(initialRoles(parseText('gato\tcat\tnoun'), false, remembered)).toEqual(['es', 'en', 'ignore']);
    expect(initialRoles(parseText('gato\tcat'), false, remembered)).toEqual(['en', 'es']);
  });

  it('the column names win over a remembered mapping', () => {
    const parsed = parseText('Spanish,English\ngato,cat');
    expect(initialRoles(parsed, looksLikeHeader(parsed), ['en', 'es'])).toEqual(['es', 'en']);
  });
});

describe('htmlToText', () => {
  it('keeps text only: entities decoded, breaks and blocks as new lines, scripts, pictures and sounds dropped', () => {
    expect(htmlToText('<div>uno</div><div>dos<br>tres</div>&lt;4&gt;&nbsp;<img src=x onerror="alert(1)">')).toBe(
      'uno\ndos\ntres\n<4>',
    );
    expect(htmlToText('<script>alert(1)</script><style>b{}</style>[sound:a.mp3]hola')).toBe('hola');
  });
});

describe('large inputs', () => {
  it('reads a 10 MB Quizlet export (tab, new lines) into every card', () => {
    const rows: string[] = [];
    let size = 0;
    for (let i = 0; size < 10 * 1024 * 1024; i++) {
      const row = `word number ${i} with some context\tpalabra número ${i}; con algo de contexto, y más`;
      rows.push(row);
      size += row.length + 1;
    }
    const { parsed, plan } = read(rows.join('\n'));
    expect(parsed.columns).toBe('\t');
    expect(plan.cards).toHaveLength(rows.length);
    expect(plan.cards.at(-1)!.card.en).toBe(`word number ${rows.length - 1} with some context`);
    expect(
      chunks(plan.cards, 5000)
        .map((c) => c.length)
        .slice(0, 2),
    ).toEqual([5000, 5000]);
  });

  it('reads a 10 MB CSV with quoted multi-line fields', () => {
    const row = (i: number) => `"line one ${i}\nline two, with ""quotes""",uno ${i}\r\n`;
    const count = Math.ceil((10 * 1024 * 1024) / row(0).length);
    const { plan } = read(Array.from({ length: count }, (_, i) => row(i)).join(''));
    expect(plan.cards).toHaveLength(count);
    expect(plan.cards[7]!.card).toEqual({ en: 'line one 7\nline two, with "quotes"', es: 'uno 7' });
    // 10 MB read in jsdom takes seconds, more on a busy machine (a timeout, not a timed assertion).
  }, 30_000);
});

describe('our CSV export read back (cardsToCsv, the server export’s own function)', () => {
  const hazards = [
    '=HYPERLINK("https://example.com","x")',
    '+1',
    '-ción',
    '@SUM(A1)',
    "'=quoted",
    "''+x",
    'Tom & Jerry <b>not bold</b>',
  ];
  /** Every declared text field filled, each with a cell a spreadsheet would run, HTML-like text, quotes, new lines. */
  const cards = hazards.map(
    (hazard, i) =>
      Object.fromEntries(
        TEXT_FIELD_NAMES.map((f) => [f, `${hazard} ${f}, "${i}"\nline`.slice(0, CARD_TEXT_FIELDS[f].max)]),
      ) as Record<CardTextField, string>,
  );

  it('maps every declared field by its column name and gives back exactly the same cards', () => {
    const csv = cardsToCsv(cards);
    const { roles, plan } = read(csv);
    expect(roles).toEqual(TEXT_FIELD_NAMES);
    expect(plan.problems).toEqual([]);
    expect(plan.cards.map((c) => c.card)).toEqual(cards);
  });

  it('leaves out empty optional fields, as the card form does', () => {
    const sparse = Object.fromEntries(REQUIRED_TEXT_FIELDS.map((f) => [f, `-${f}`])) as Record<CardTextField, string>;
    const { plan } = read(cardsToCsv([sparse]));
    expect(plan.cards.map((c) => c.card)).toEqual([sparse]);
  });
});

describe('a real Anki "Notes in Plain Text" export (fixtures/README.md)', () => {
  const file = ankiPlainText;

  it('reads its headers: tab, HTML cells reduced to text, deck and tags columns ignored', () => {
    const { parsed, roles, plan } = read(file);
    expect(parsed.headers).toMatchObject({ separator: '\t', html: true });
    expect([...parsed.headers!.metaColumns].sort()).toEqual([0, 3]);
    expect(roles).toEqual(['ignore', 'en', 'es', 'ignore']);
    expect(plan.cards.map((c) => c.card)).toEqual([
      { en: 'el gato', es: 'the cat' },
      { en: 'el perro grande', es: 'the big dog' },
      { en: '=1+1 & más', es: 'Tom & Jerry' },
    ]);
  });

  it('keeps the markup as written when the parent unticks "Cells are HTML"', () => {
    const { parsed, header, roles } = read(file);
    const cards = planImport(parsed, header, roles, cellsAreHtml(parsed, false)).cards.map((c) => c.card);
    expect(cards[2]).toEqual({ en: '<b>=1+1</b> &amp; <i>más</i>', es: 'Tom &amp; Jerry' });
  });
});
