// Command taxd-etherscan serves the recorded real transactions of internal/etherscanfake as an
// Etherscan-compatible API, so that a local taxd syncs real wallets without an API key:
//
//	go run ./cmd/taxd-etherscan --listen 127.0.0.1:18545 &
//	TAXD_ETHERSCAN_URL=http://127.0.0.1:18545/api make run
//
// then add one of the wallets it lists (docs/onchain.md). --wallets prints them and exits.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"

	"taxd/internal/etherscanfake"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:18545", "HTTP listen address")
	wallets := flag.Bool("wallets", false, "print the recorded wallets (chain, address, what their transactions are) and exit")
	flag.Parse()
	fixtures, err := etherscanfake.Fixtures()
	if err != nil {
		log.Fatal(err)
	}
	if *wallets {
		printWallets(os.Stdout, fixtures)
		return
	}
	srv := &http.Server{Addr: *listen, Handler: etherscanfake.New(fixtures), ReadHeaderTimeout: 10 * time.Second}
	log.Printf("taxd-etherscan: %d recorded transactions on http://%s/api (TAXD_ETHERSCAN_URL)", len(fixtures), *listen)
	log.Fatal(srv.ListenAndServe())
}

// printWallets lists each wallet once with the shapes of its transactions.
func printWallets(w io.Writer, fixtures []etherscanfake.Fixture) {
	shapes := map[etherscanfake.Wallet][]string{}
	for _, f := range fixtures {
		k := etherscanfake.Wallet{Chain: f.Chain, Address: f.Wallet}
		shapes[k] = append(shapes[k], f.Shape)
	}
	list := etherscanfake.Wallets(fixtures)
	sort.SliceStable(list, func(i, j int) bool { return len(shapes[list[i]]) > len(shapes[list[j]]) })
	for _, wl := range list {
		fmt.Fprintf(w, "%-9s %s  %s\n", wl.Chain, wl.Address, strings.Join(shapes[wl], ", "))
	}
}
