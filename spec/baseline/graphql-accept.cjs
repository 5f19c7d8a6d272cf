// GraphQL Inspector rule (`graphql-inspector diff --rule`): breaking changes listed in
// graphql-accepted.txt (or $GRAPHQL_ACCEPTED) were reviewed and accepted, so they are reported as
// dangerous instead of failing the gate. One change per line, the message exactly as the gate
// prints it, then `#` and why it is accepted (required):
//   Field id was removed from object type ActiveRecalculateJob  # unused since 1.2 (issue 42, reviewed by X)
const fs = require('fs');
const path = require('path');

const file = process.env.GRAPHQL_ACCEPTED || path.join(__dirname, 'graphql-accepted.txt');

function accepted() {
  const out = new Map();
  if (!fs.existsSync(file)) return out;
  fs.readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const at = line.indexOf('#');
    const message = (at < 0 ? line : line.slice(0, at)).trim();
    const reason = at < 0 ? '' : line.slice(at + 1).trim();
    if (!message || !reason) {
      throw new Error(`${file}:${i + 1}: want "<change message>  # why it is accepted", got "${raw}"`);
    }
    out.set(plain(message), reason);
  });
  return out;
}

// The gate prints messages without the quotes the changes carry; either form may be listed.
const plain = (message) => message.replace(/'/g, '');

module.exports = ({ changes }) => {
  const ok = accepted();
  return changes.map((change) => {
    if (change.criticality.level !== 'BREAKING' || !ok.has(plain(change.message))) return change;
    return {
      ...change,
      message: `${change.message} [accepted: ${ok.get(plain(change.message))}]`,
      criticality: { ...change.criticality, level: 'DANGEROUS' },
    };
  });
};
