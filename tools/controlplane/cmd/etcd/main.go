// Command etcd is a thin entry point over go.etcd.io/etcd/server/v3/etcdmain, the storage behind the API_SERVER
// tier's kube-apiserver.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
