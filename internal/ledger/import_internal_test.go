package ledger

// SetImportChunkRows sets the number of transactions of im's chunks (importChunkRows otherwise);
// call it before the first Add.
func SetImportChunkRows(im *Importer, n int) { im.chunkRows = n }
