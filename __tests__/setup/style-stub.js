// Style imports have no behaviour under test.
module.exports = {}
