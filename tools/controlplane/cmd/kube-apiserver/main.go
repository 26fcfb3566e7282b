// Command kube-apiserver is a thin entry point over k8s.io/kubernetes/cmd/kube-apiserver/app, built from the Go
// module proxy so that the API_SERVER tier of @WorkloadMapTest runs a current Kubernetes release.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	os.Exit(cli.Run(app.NewAPIServerCommand()))
}
