// Tab-separated text as spreadsheets put it on the clipboard (issue 14: paste a range into the grid). Excel, Google
// Sheets and LibreOffice quote a cell that holds a tab, a newline or a double quote ("a""b"), end lines with CRLF
// (Windows) or LF, and usually end the block with one line break. Pure: no clipboard, no DOM.

/** The cells of a TSV block, row by row. A trailing line break ends the last row (it starts no empty row). */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  // A cell is quoted only when its very first character is a quote (spreadsheets never quote otherwise); a quote
  // later in an unquoted cell is an ordinary character.
  let atCellStart = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atCellStart = true;
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (atCellStart && char === '"') {
      // A quoted cell: up to the quote that is not doubled.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < text.length) {
        const c = text[j]!;
        if (c === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j += 1;
          break;
        }
        value += c;
        j += 1;
      }
      const next = text[j];
      if (closed && (next === undefined || next === '\t' || next === '\n' || next === '\r')) {
        cell = value;
        atCellStart = false;
        i = j;
        continue;
      }
      // Not a well-formed quoted cell (e.g. `"5" inches`): the quote is part of the text, as spreadsheets read it.
    }
    atCellStart = false;
    if (char === '\t') endCell();
    else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (char === '\n' || char === '\r') endRow();
    else cell += char;
    i += 1;
  }
  // The last row, unless the text ended with its line break (or was empty).
  if (!(atCellStart && row.length === 0 && cell === '')) endRow();
  return rows;
}

const needsQuotes = (cell: string) => /[\t\r\n"]/.test(cell);

const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/**
 * Cells as TSV, quoting what must be (tabs, line breaks, quotes) as spreadsheets do; lines end with \n. A row of one
 * empty cell is written `""`: bare, it would be an empty line, which reads as nothing at the end of the block.
 */
export function writeTsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows
    .map((row) => (row.length === 1 && row[0] === '' ? '""' : row.map((cell) => (needsQuotes(cell) ? quoted(cell) : cell)).join('\t')))
    .join('\n');
}
