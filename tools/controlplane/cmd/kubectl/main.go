// Command kubectl is a thin entry point over k8s.io/kubectl/pkg/cmd, at the same release as the API server
// (kube-api-test and envtest expect it beside kube-apiserver and etcd; it is also the tool to inspect a kept
// test namespace).
package main

import (
	"k8s.io/component-base/cli"
	"k8s.io/kubectl/pkg/cmd"
	"k8s.io/kubectl/pkg/cmd/util"
)

func main() {
	command := cmd.NewDefaultKubectlCommand()
	if err := cli.RunNoErrOutput(command); err != nil {
		util.CheckErr(err)
	}
}
